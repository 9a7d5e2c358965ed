/**
 * The BFF's store over an engine adapter (./engine.ts): each method is a query module's, written once
 * in portable SQL in the folder that owns the data. ./sqlite.ts and ./postgres.ts give the engines.
 */
import { additionOwner, additionsOf, applyAdditionStatus, recordSubmission } from '../additions/queries';
import {
  auditEntries,
  getUser,
  insertAudit,
  listUsers,
  monthlyCap,
  setMonthlyCap,
} from '../admin/team-queries';
import { createSession, deleteSession, deleteSessionsOf, sessionUser } from '../auth/session-queries';
import { createUser, findUserById, findUserByName, updateUser } from '../auth/user-queries';
import {
  lastLedgerId,
  ledgerPage,
  recentLedger,
  spendRows,
  spentOn,
  teamSpendSince,
} from '../ledger/ledger-queries';
import { Money } from '../ledger/money-queries';
import { RateLimits, SignInAttempts } from '../security/limit-queries';
import { Webhooks } from '../webhooks/queries';
import type { Engine } from './engine';
import type { BffStore, PortableSql, StoreMessage } from './store';

type Args<K extends keyof BffStore> = BffStore[K] extends (...args: infer A) => unknown ? A : never;

export class EngineStore implements BffStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly where: string;
  readonly sql: PortableSql;
  private readonly money: Money;
  private readonly webhooks: Webhooks;
  private readonly rateLimits: RateLimits;
  private readonly attempts: SignInAttempts;

  constructor(readonly engine: Engine) {
    this.kind = engine.kind;
    this.where = engine.where;
    this.sql = engine.sql;
    this.money = new Money(engine);
    this.webhooks = new Webhooks(engine);
    this.rateLimits = new RateLimits(engine);
    this.attempts = new SignInAttempts(engine);
  }

  transaction<T>(fn: (sql: PortableSql) => Promise<T>): Promise<T> {
    return this.engine.transaction(fn);
  }

  // --- accounts and sessions (../auth) -------------------------------------------------------------
  findUserByName = (...a: Args<'findUserByName'>) => findUserByName(this.engine, ...a);
  findUserById = (...a: Args<'findUserById'>) => findUserById(this.engine, ...a);
  createUser = (...a: Args<'createUser'>) => createUser(this.engine, ...a);
  updateUser = (...a: Args<'updateUser'>) => updateUser(this.engine, ...a);
  createSession = (...a: Args<'createSession'>) => createSession(this.engine, ...a);
  sessionUser = (...a: Args<'sessionUser'>) => sessionUser(this.engine, ...a);
  deleteSession = (...a: Args<'deleteSession'>) => deleteSession(this.engine, ...a);
  deleteSessionsOf = (...a: Args<'deleteSessionsOf'>) => deleteSessionsOf(this.engine, ...a);

  // --- the ledger and what calls in flight hold (../ledger) ------------------------------------------
  insertLedger = (...[rows, released = []]: Args<'insertLedger'>) => this.money.settle(rows, released);
  spentOn = (...a: Args<'spentOn'>) => spentOn(this.engine, ...a);
  recentLedger = (...a: Args<'recentLedger'>) => recentLedger(this.engine, ...a);
  teamSpendSince = (...a: Args<'teamSpendSince'>) => teamSpendSince(this.engine, ...a);
  spendRows = (...a: Args<'spendRows'>) => spendRows(this.engine, ...a);
  lastLedgerId = () => lastLedgerId(this.engine);
  ledgerPage = (...a: Args<'ledgerPage'>) => ledgerPage(this.engine, ...a);
  placeHold = (...a: Args<'placeHold'>) => this.money.placeHold(...a);
  settledSpend = (...a: Args<'settledSpend'>) => this.money.settledSpend(...a);

  // --- the team (../admin) ---------------------------------------------------------------------------
  listUsers = (...a: Args<'listUsers'>) => listUsers(this.engine, ...a);
  getUser = (...a: Args<'getUser'>) => getUser(this.engine, ...a);
  monthlyCap = () => monthlyCap(this.engine);
  setMonthlyCap = (...a: Args<'setMonthlyCap'>) => setMonthlyCap(this.engine, ...a);
  recordAudit = (...a: Args<'recordAudit'>) => insertAudit(this.engine.sql, ...a);
  auditEntries = (...a: Args<'auditEntries'>) => auditEntries(this.engine, ...a);

  // --- company addition requests (../additions) and webhooks (../webhooks) ---------------------------
  recordSubmission = (...a: Args<'recordSubmission'>) => recordSubmission(this.engine, ...a);
  applyAdditionStatus = (...a: Args<'applyAdditionStatus'>) => applyAdditionStatus(this.engine, ...a);
  additionOwner = (...a: Args<'additionOwner'>) => additionOwner(this.engine, ...a);
  additionsOf = (...a: Args<'additionsOf'>) => additionsOf(this.engine, ...a);
  webhookEndpoints = () => this.webhooks.endpoints();
  saveWebhookEndpoint = (...a: Args<'saveWebhookEndpoint'>) => this.webhooks.save(...a);
  forgetWebhookEndpoint = (...a: Args<'forgetWebhookEndpoint'>) => this.webhooks.forget(...a);
  applyWebhook = (...a: Args<'applyWebhook'>) => this.webhooks.apply(...a);

  // --- rate limits and sign-in attempts (../security) -------------------------------------------------
  takeToken = (...a: Args<'takeToken'>) => this.rateLimits.take(...a);
  takeAttempts = (...a: Args<'takeAttempts'>) => this.attempts.take(...a);
  forgetAttempts = (...a: Args<'forgetAttempts'>) => this.attempts.forget(...a);

  // --- between instances --------------------------------------------------------------------------------
  publish = (message: StoreMessage) => this.engine.publish(message);
  onMessage = (listener: (message: StoreMessage) => void) => this.engine.onMessage(listener);
  close = () => this.engine.close();
}
