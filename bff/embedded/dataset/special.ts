/**
 * A company the plan places by name before generation (an anchor, a real investor or a generated
 * fund), and the overrides it forces on a generated company. Shared by the plan, which makes them,
 * and the core generator, which reads them.
 */
import type { AnchorSpec, OwnershipCode } from './anchors';
import type { InvestorKind, InvestorSpec } from './investors';
import type { Industry } from './taxonomy';

export type SpecialInfo = {
  idx: number;
  kind: 'anchor' | 'investor' | 'fund';
  name: string;
  uuid: string;
  domain: string;
  website: string;
  country: string;
  city: string;
  founded: number;
  industry: Industry;
  investorKind: InvestorKind | null;
  /** 1..3 for real firms (1 best known), 4 for generated funds; 0 for anchors. */
  tier: number;
  employees: number;
  anchor: AnchorSpec | null;
  investor: InvestorSpec | null;
};

export type Forced = { country?: string; stage?: string; ownership?: OwnershipCode };
