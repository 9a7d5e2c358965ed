/**
 * Imported first by the entry module: zod compiles object parsers with `new Function` when it may,
 * and probes for that with `Function('')`, which the BFF's Content-Security-Policy (no 'unsafe-eval')
 * refuses and Chrome reports as a violation. Jitless parsing is plenty fast for the app's inputs.
 */
import { z } from 'zod';

z.config({ jitless: true });
