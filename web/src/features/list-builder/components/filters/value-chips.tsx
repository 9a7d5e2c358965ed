import { Chip } from '@/components/ui/chip';

/** The values chosen for one filter, each removable. */
export function ValueChips({
  label,
  items,
  onRemove,
}: {
  label: string;
  items: readonly { value: string; text: string }[];
  onRemove: (value: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={`${label}: chosen`} className="mt-1.5 flex flex-wrap gap-1">
      {items.map((item) => (
        <li key={item.value} className="max-w-full">
          <Chip
            tone="indigo"
            onRemove={() => onRemove(item.value)}
            removeLabel={`Remove ${item.text}`}
            title={item.text}
          >
            {item.text}
          </Chip>
        </li>
      ))}
    </ul>
  );
}
