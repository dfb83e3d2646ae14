// `express/lib/application`: the object every app inherits its methods from (`express.application`).
import { ApplicationCore } from '../application/application';

const application: ApplicationCore = ApplicationCore.prototype;

export = application;
