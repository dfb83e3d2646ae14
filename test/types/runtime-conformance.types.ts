// The published declarations describe the runtime values: the body-parser factories assigned to the
// framework function in src/index.ts fit the types its namespace declares, and the option types restated
// in src/types stay identical to the runtime's.
import type * as portico from '../../src/index';
import type { SendFileOptions as RuntimeSendFileOptions } from '../../src/response/send-file';
import type { RouterOptions as RuntimeRouterOptions } from '../../src/router/router';
import type { ServeStaticOptions } from '../../src/static/static-options';
import * as body from '../../src/body/index';
import { check, type Equal } from './assert-type';

check<Equal<portico.SendFileOptions, RuntimeSendFileOptions>>();
check<Equal<portico.RouterOptions, Omit<RuntimeRouterOptions, 'dotBoundary'>>>();
check<Equal<Omit<portico.StaticOptions, 'setHeaders'>, Omit<ServeStaticOptions, 'setHeaders'>>>();

const factories: {
  json: typeof portico.json;
  raw: typeof portico.raw;
  text: typeof portico.text;
  urlencoded: typeof portico.urlencoded;
  bodyParsers: typeof portico.bodyParsers;
} = {
  json: body.json,
  raw: body.raw,
  text: body.text,
  urlencoded: body.urlencoded,
  bodyParsers: body.bodyParsers,
};
void factories;

// Applications, routers, requests and responses are built at run time (functions given a prototype) and
// typed through casts; test/types.test.ts checks that every member their interfaces declare exists on them.
