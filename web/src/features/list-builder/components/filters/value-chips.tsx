import { Chip } from '@/components/ui/chip';

/** The values chosen for one filter, each removable. */
export function ValueChips({
  label,
  items,
  onRemove,
  tone = 'indigo',
}: {
  label: string;
  items: readonly { value: string; text: string }[];
  onRemove: (value: string) => void;
  /** `excluded` for values a list leaves out. */
  tone?: 'indigo' | 'excluded';
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={`${label}: chosen`} className="mt-1.5 flex flex-wrap gap-1">
      {items.map((item) => (
        <li key={item.value} className="max-w-full">
          <Chip
            tone={tone}
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
