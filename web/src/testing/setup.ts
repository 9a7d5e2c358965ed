/**
 * Vitest setup of every test file. Component tests run real requests against the embedded service
 * in-process; on a loaded two-core CI machine one of those can take longer than Testing Library's
 * default wait of 1 s, which is about the machine, not the behaviour under test.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
