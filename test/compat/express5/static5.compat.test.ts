import { describeStaticCases } from '../static-cases';
import { express5, porticoFiles5, porticoEntry5 } from './files5-frameworks';

/*
 * The shared file-serving cases (../static-cases.ts) against express@5.3 (serve-static 2, send 1,
 * content-disposition 2): express5.static against serveStatic5, and express5's res.sendFile and
 * res.download against sendFile5 and download5 on a Portico app's responses, and on the portico/5
 * entry's own app.
 */

describeStaticCases('static5, sendFile5 and download5 match express@5', express5, {
  'sendFile5/download5 on a 4.x app': porticoFiles5,
  'the portico/5 app': porticoEntry5,
});
