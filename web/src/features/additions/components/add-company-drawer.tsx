import { Drawer } from '@/components/ui/drawer';
import type { AddCompanyForm } from '../website';
import { AddCompanyPanel } from './add-company-panel';

/** The add-company flow in a side drawer, opened from the header or from a search without results. */
export function AddCompanyDrawer({
  open,
  onClose,
  defaultValues,
}: {
  open: boolean;
  onClose: () => void;
  defaultValues?: Partial<AddCompanyForm>;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Add a company"
      description="Missing from the data set? Submit it: it is usually added within minutes."
    >
      {open && <AddCompanyPanel defaultValues={defaultValues} onNavigate={onClose} />}
    </Drawer>
  );
}
