/**
 * `request.locale` (ro or en, from Accept-Language; ro by default) and `request.t(key, vars)`,
 * which translates a catalogue key for it (server/lib/i18n.ts). Success messages go through
 * `request.t`; error messages are translated by the error handler (plugins/errors.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '#contract/constants.ts';
import { pickLocale, translate, type TranslateVars } from '#server/lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    readonly locale: Locale;
    t(key: string, vars?: TranslateVars): string;
  }
}

export default fp(async function i18nPlugin(app: FastifyInstance) {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return pickLocale(this.headers['accept-language']);
    },
  });
  app.decorateRequest('t', function t(this: FastifyRequest, key: string, vars?: TranslateVars) {
    return translate(this.locale, key, vars);
  });
});
