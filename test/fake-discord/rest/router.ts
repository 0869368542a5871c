/**
 * Routes are declared with the OpenAPI path template they implement, which names the request-body schema
 * the server validates against and the key tests use for fault injection ('POST /channels/{channel_id}/messages').
 */
import type { Upload } from '../messages.js';
import type { BodyKind } from './body.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRequest {
  method: Method;
  /** Decoded path below /api/v10. */
  path: string;
  /** The fake's clock when the request arrived (before its body was read). */
  receivedAt: number;
  params: Record<string, string>;
  query: URLSearchParams;
  kind: BodyKind;
  body: unknown;
  uploads: Upload[];
  /** Set by a handler once it knows which interaction the request belongs to (for the record). */
  interactionId?: string;
}

export interface RouteReply {
  status: number;
  json?: unknown;
}

export interface Route<Ctx> {
  method: Method;
  /** OpenAPI path template. */
  path: string;
  /** Whether Discord requires the bot's Authorization header (interaction and webhook routes do not). */
  auth: boolean;
  handle(ctx: Ctx, req: RouteRequest): RouteReply | Promise<RouteReply>;
}

interface Compiled<Ctx> {
  route: Route<Ctx>;
  regex: RegExp;
  names: string[];
}

export class Router<Ctx> {
  #routes: Compiled<Ctx>[] = [];

  add(...routes: Route<Ctx>[]): this {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          const m = /^\{(\w+)\}$/.exec(segment);
          if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(m[1] as string);
          return '([^/]+)';
        })
        .join('/');
      this.#routes.push({ route, regex: new RegExp(`^${source}$`), names });
    }
    return this;
  }

  /** Literal segments win over parameters (`messages/@original` before `messages/{message_id}`). */
  match(method: string, path: string): { route: Route<Ctx>; params: Record<string, string> } | undefined {
    let best: { route: Route<Ctx>; params: Record<string, string>; literal: number } | undefined;
    for (const { route, regex, names } of this.#routes) {
      if (route.method !== method) continue;
      const m = regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => (params[name] = m[i + 1] as string));
      const literal = route.path.split('/').filter((s) => !s.startsWith('{')).length;
      if (!best || literal > best.literal) best = { route, params, literal };
    }
    return best && { route: best.route, params: best.params };
  }

  /** Every route, in declaration order. */
  get routes(): readonly Route<Ctx>[] {
    return this.#routes.map((c) => c.route);
  }
}
