import type { CompanyIndex } from './query/index';
import type { Db } from './store/db';
import type { ApiKey } from './store/keys';

/** What every endpoint of the embedded service works with. */
export type ServiceContext = {
  db: Db;
  index: CompanyIndex;
  /** The service's clock; tests pin it. */
  now: () => Date;
  /** Nudges the addition worker after a request is queued (it polls too); unset when none runs. */
  additionQueued?: () => void;
};

export type ServiceEnv = { Variables: { key: ApiKey } };
