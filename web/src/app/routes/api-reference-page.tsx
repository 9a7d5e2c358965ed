import { ApiReferencePage as Reference } from '@/features/api-reference/components/api-reference-page';

/** `/api-reference`: the API document as a page (loaded lazily). */
export function ApiReferencePage() {
  return <Reference />;
}
