// OpenTelemetry spans from Portico's `express.router.request` tracing channel: one span per
// middleware, route handler, error handler and param callback, and the HTTP server span named
// after the matched route (`GET /api/users/:id`). Nothing is patched: the router publishes, this
// subscribes. Works with any framework that publishes the channel (Portico, Express 5.3+).
//
//   const { subscribeRouterSpans } = require('./router-spans');
//   const stop = subscribeRouterSpans();            // after the tracer provider is registered
//
// The span names and attributes follow @opentelemetry/instrumentation-express, so dashboards
// built on it keep working: `middleware - <name>`, `router - <path>`, `request handler - <route>`,
// with `express.name`, `express.type` and `http.route`.
'use strict';
const diagnostics = require('node:diagnostics_channel');
const { trace, context, SpanStatusCode } = require('@opentelemetry/api');
const { getRPCMetadata, RPCType } = require('@opentelemetry/core');

function subscribeRouterSpans(tracer = trace.getTracer('portico-router-spans')) {
  const channel = diagnostics.tracingChannel('express.router.request');
  const spans = new WeakMap(); // the context of one invocation -> its span

  function describe(ctx) {
    const req = ctx.req;
    const baseUrl = req.baseUrl || '';
    if (ctx.param !== undefined) {
      return { name: 'param - ' + ctx.param, type: 'param', expressName: ctx.param };
    }
    // A route handler runs with `req.route` set to its route; middleware is matched by mount path.
    if (req.route && req.route.path === ctx.route && ctx.handler.name !== 'router') {
      const route = baseUrl + String(ctx.route);
      return { name: 'request handler - ' + route, type: 'request_handler', expressName: route, route };
    }
    if (ctx.handler.name === 'router') {
      const path = String(ctx.route);
      return { name: 'router - ' + path, type: 'router', expressName: path };
    }
    const name = ctx.handler.name || '<anonymous>';
    return { name: 'middleware - ' + name, type: 'middleware', expressName: name };
  }

  function finish(ctx) {
    const span = spans.get(ctx);
    if (span === undefined) return;
    spans.delete(ctx);
    span.end();
  }

  const subscribers = {
    start(ctx) {
      const about = describe(ctx);
      if (about.route !== undefined) {
        // The HTTP instrumentation names its server span from this when the response ends.
        const rpc = getRPCMetadata(context.active());
        if (rpc !== undefined && rpc.type === RPCType.HTTP) rpc.route = about.route;
        else trace.getActiveSpan()?.updateName(ctx.req.method + ' ' + about.route);
      }
      const attributes = { 'express.name': about.expressName, 'express.type': about.type };
      if (about.route !== undefined) attributes['http.route'] = about.route;
      spans.set(ctx, tracer.startSpan(about.name, { attributes }, context.active()));
    },
    end(ctx) {
      // `result` or `error` set at `end`: nothing asynchronous follows.
      if ('result' in ctx || 'error' in ctx) finish(ctx);
    },
    asyncStart() {},
    asyncEnd(ctx) {
      finish(ctx);
    },
    error(ctx) {
      const span = spans.get(ctx);
      if (span === undefined) return;
      span.recordException(ctx.error instanceof Error ? ctx.error : String(ctx.error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: ctx.error instanceof Error ? ctx.error.message : String(ctx.error) });
    },
  };
  channel.subscribe(subscribers);
  return () => channel.unsubscribe(subscribers);
}

module.exports = { subscribeRouterSpans };
