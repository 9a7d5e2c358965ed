/** The schema of `GET /bff/industries` (./industry-tree.ts has the tree's types and the BFF's copy). */
import { z } from 'zod';

const Leaf = z.object({ code: z.string(), name: z.string() });

export const IndustryTreeResponse = z.object({
  /** `service`: the upstream's own taxonomy; `builtin`: the copy the BFF ships (a remote upstream). */
  source: z.enum(['service', 'builtin']),
  sectors: z.array(z.object({ code: z.string(), name: z.string(), industries: z.array(Leaf) })),
});
