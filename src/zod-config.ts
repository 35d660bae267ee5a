// Imported first by the dashboard's entry: zod decides whether to compile its parsers with `new Function`
// while the schemas are being built, and the Content-Security-Policy forbids eval.
import { z } from 'zod';

z.config({ jitless: true });
