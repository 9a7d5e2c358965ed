/**
 * Scheduled checks as attempts, and the alerts their runs leave (docs/decisions/0016-saved-lists.md):
 * the saved lists' store's half that the scheduler writes. Portable SQL, as the rest of the store.
 */
import { randomUUID } from 'node:crypto';
import type { LastCheck } from '../../contract/saved-lists';
import type { CheckClaim, CheckEnd, DueCheck, StoredAlert } from './records';
import { NO_ATTEMPT, SavedListSql } from './rows';

export class SqlCheckStore extends SavedListSql {
  async dueChecks(now: string, limit: number): Promise<DueCheck[]> {
    return (
      await this.all<{
        id: string;
        next_check_at: string;
        check_attempts: number;
        check_slot_end: string | null;
        check_attempt_id: string | null;
        check_started_at: string | null;
        check_owner: string | null;
      }>(
        `SELECT id, next_check_at, check_attempts, check_slot_end, check_attempt_id, check_started_at, check_owner
       FROM saved_lists
       WHERE schedule IS NOT NULL AND next_check_at IS NOT NULL AND next_check_at <= ?
         AND (check_attempt_id IS NULL OR check_lease_until < ?)
         AND (check_retry_at IS NULL OR check_retry_at <= ?)
       ORDER BY next_check_at, id LIMIT ?`,
        now,
        now,
        now,
        limit,
      )
    ).map((r) => ({
      id: r.id,
      nextCheckAt: r.next_check_at,
      attempts: Number(r.check_attempts),
      slotEnd: r.check_slot_end,
      stopped:
        r.check_attempt_id === null
          ? null
          : {
              attemptId: r.check_attempt_id,
              startedAt: r.check_started_at ?? '',
              owner: r.check_owner ?? '',
            },
    }));
  }

  async claimCheck(claim: CheckClaim): Promise<boolean> {
    const { due, stoppedCheck: stopped } = claim;
    const sets = [
      'check_attempt_id = ?',
      'check_owner = ?',
      'check_started_at = ?',
      'check_lease_until = ?',
      'check_attempts = ?',
      'check_slot_end = ?',
      'next_check_at = ?',
    ];
    const params: unknown[] = [
      claim.attemptId,
      claim.owner,
      claim.at,
      claim.leaseUntil,
      claim.attempt,
      claim.slotEnd,
      claim.slotStart,
    ];
    if (claim.retryAt !== undefined) {
      sets.push('check_retry_at = ?');
      params.push(claim.retryAt);
    }
    // A stopped attempt is recorded (failed, and why) as the new one takes its place, at once.
    if (stopped) {
      sets.push(
        'last_check_at = ?',
        'last_check_outcome = ?',
        'last_check_detail = ?',
        'last_check_run_id = ?',
        'last_check_attempt = ?',
      );
      params.push(stopped.at, stopped.outcome, stopped.detail, stopped.run_id, stopped.attempt);
    }
    const held =
      due.stopped === null
        ? ['check_attempts = ? AND check_attempt_id IS NULL', due.attempts]
        : ['check_attempt_id = ? AND check_lease_until < ?', due.stopped.attemptId, claim.at];
    return (
      (await this.run(
        `UPDATE saved_lists SET ${sets.join(', ')} WHERE id = ? AND next_check_at = ? AND ${held[0]}`,
        ...params,
        claim.id,
        due.nextCheckAt,
        ...held.slice(1),
      )) === 1
    );
  }

  async renewCheck(id: string, attemptId: string, leaseUntil: string): Promise<boolean> {
    return (
      (await this.run(
        'UPDATE saved_lists SET check_lease_until = ? WHERE id = ? AND check_attempt_id = ?',
        leaseUntil,
        id,
        attemptId,
      )) === 1
    );
  }

  async endCheck(end: CheckEnd): Promise<boolean> {
    const { check } = end;
    // A retry keeps the slot (and its count) and frees the attempt; otherwise the slot ends and the
    // check's next time is the slot's end.
    const then =
      end.retryAt === null
        ? `next_check_at = COALESCE(check_slot_end, next_check_at), ${NO_ATTEMPT}`
        : `check_attempt_id = NULL, check_owner = NULL, check_started_at = NULL, check_lease_until = NULL,
           check_retry_at = ?`;
    return (
      (await this.run(
        `UPDATE saved_lists SET ${then}, last_check_at = ?, last_check_outcome = ?, last_check_detail = ?,
           last_check_run_id = ?, last_check_attempt = ?
         WHERE id = ? AND check_attempt_id = ?${end.leaseEndedBefore === undefined ? '' : ' AND check_lease_until < ?'}`,
        ...(end.retryAt === null ? [] : [end.retryAt]),
        check.at,
        check.outcome,
        check.detail,
        check.run_id,
        check.attempt,
        end.id,
        end.attemptId,
        ...(end.leaseEndedBefore === undefined ? [] : [end.leaseEndedBefore]),
      )) === 1
    );
  }

  async recordCheck(id: string, check: LastCheck): Promise<void> {
    await this.run(
      `UPDATE saved_lists SET last_check_at = ?, last_check_outcome = ?, last_check_detail = ?,
         last_check_run_id = ?, last_check_attempt = ? WHERE id = ?`,
      check.at,
      check.outcome,
      check.detail,
      check.run_id,
      check.attempt,
      id,
    );
  }

  async addAlert(alert: {
    userId: string;
    listId: string;
    runId: string;
    at: string;
    count: number;
  }): Promise<void> {
    await this.run(
      `INSERT INTO saved_list_alerts (id, user_id, list_id, run_id, at, new_count, read_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL)`,
      randomUUID(),
      alert.userId,
      alert.listId,
      alert.runId,
      alert.at,
      alert.count,
    );
  }

  async alerts(userId: string, limit: number): Promise<{ unread: number; data: StoredAlert[] }> {
    const unread =
      (
        await this.one<{ n: number }>(
          'SELECT COUNT(*) AS n FROM saved_list_alerts WHERE user_id = ? AND read_at IS NULL',
          userId,
        )
      )?.n ?? 0;
    const data = (
      await this.all<{
        id: string;
        list_id: string;
        name: string;
        run_id: string;
        at: string;
        new_count: number;
      }>(
        `SELECT a.id, a.list_id, l.name, a.run_id, a.at, a.new_count
       FROM saved_list_alerts a JOIN saved_lists l ON l.id = a.list_id
       WHERE a.user_id = ? AND a.read_at IS NULL
       ORDER BY a.at DESC, a.id LIMIT ?`,
        userId,
        limit,
      )
    ).map((r) => ({
      id: r.id,
      listId: r.list_id,
      listName: r.name,
      runId: r.run_id,
      at: r.at,
      count: r.new_count,
    }));
    return { unread: Number(unread), data };
  }

  async readAlerts(userId: string, at: string, listId?: string): Promise<void> {
    if (listId === undefined)
      await this.run(
        'UPDATE saved_list_alerts SET read_at = ? WHERE user_id = ? AND read_at IS NULL',
        at,
        userId,
      );
    else
      await this.run(
        'UPDATE saved_list_alerts SET read_at = ? WHERE user_id = ? AND list_id = ? AND read_at IS NULL',
        at,
        userId,
        listId,
      );
  }
}
