// `express/lib/request`: the request prototype (`express.request`); methods added to it reach every request.
import { PorticoRequest } from '../request/request';

const request: PorticoRequest = PorticoRequest.prototype;

export = request;
