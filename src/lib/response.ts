// `express/lib/response`: the response prototype (`express.response`). Editors' auto-imports write
// `const { json } = require('express/lib/response')`; that `json` is the method, as in Express.
import { PorticoResponse } from '../response/response';

const response: PorticoResponse = PorticoResponse.prototype;

export = response;
