import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, problemFields } from './errors';

describe('errorMessage', () => {
  const refused = new ApiError(409, 'That name is taken.', {
    type: 'conflict',
    title: 'Conflict',
    status: 409,
    detail: 'That name is taken.',
    errors: [{ path: 'name', message: 'That name is taken.' }],
  });

  it("says a failed call in the BFF's words, fallback or not", () => {
    expect(errorMessage(refused)).toBe('That name is taken.');
    expect(errorMessage(refused, 'Not saved.')).toBe('That name is taken.');
  });

  it("words any other failure with the caller's fallback, else with its own message", () => {
    const bug = new SyntaxError('Unexpected token < in JSON');
    expect(errorMessage(bug, 'Not saved.')).toBe('Not saved.');
    expect(errorMessage(bug)).toBe('Unexpected token < in JSON');
    expect(errorMessage('offline')).toBe('offline');
  });

  it("lists a problem's field errors, and none for other errors", () => {
    expect(problemFields(refused)).toEqual([{ path: 'name', message: 'That name is taken.' }]);
    expect(problemFields(new Error('x'))).toEqual([]);
  });
});
