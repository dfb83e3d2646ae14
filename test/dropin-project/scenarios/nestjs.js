// NestJS 10 on @nestjs/platform-express: a controller with params, a body and a guard-free pipe,
// decorated by hand (this file is plain JavaScript).
require('reflect-metadata');
const { Controller, Get, Post, Param, Body, Query, HttpCode, Module, NotFoundException } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { runRequests, report, expressIdentity } = require('./run-requests');

class CatsController {
  find(id) {
    if (id === '404') throw new NotFoundException('no such cat');
    return { id };
  }
  list(query) {
    return { query };
  }
  create(body) {
    return { created: body };
  }
}
const method = (name, ...decorators) => {
  const descriptor = Object.getOwnPropertyDescriptor(CatsController.prototype, name);
  for (const d of decorators.reverse()) d(CatsController.prototype, name, descriptor);
};
Param('id')(CatsController.prototype, 'find', 0);
Query()(CatsController.prototype, 'list', 0);
Body()(CatsController.prototype, 'create', 0);
method('find', Get(':id'));
method('list', Get());
method('create', Post(), HttpCode(201));
Controller('cats')(CatsController);

class AppModule {}
Module({ controllers: [CatsController] })(AppModule);

(async () => {
  const app = await NestFactory.create(AppModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  const responses = await runRequests(app.getHttpServer(), [
    { path: '/cats/7' },
    { path: '/cats?color=grey&tags[]=a' },
    { method: 'POST', path: '/cats', headers: { 'content-type': 'application/json' }, body: '{"name":"tom"}' },
    { path: '/cats/404' },
    { path: '/dogs' },
  ]);
  await app.close();
  report({ identity: expressIdentity(), responses });
})();
