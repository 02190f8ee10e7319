import Fastify, { type FastifyInstance } from 'fastify';
import { setSpanishZodMessages } from '@encanto/core/zod-spanish';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { msg } from '@encanto/core/messages';
import { loadCommonPasswords } from '@encanto/core/passwords';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { frameworkErrors, registerInputGuard } from './plugins/input-guard.ts';
import { mediaOriginOf, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCompression } from './plugins/compression.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { accountLimiters, registerLookupLimit } from './modules/accounts/rate-limits.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerPublicWrites } from './plugins/public-writes.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerMetrics } from './modules/metrics/routes.ts';
import { registerBackground } from './plugins/background.ts';
import { createServices, type Services } from './services.ts';
import { offsetClock, systemClock } from './lib/clock.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { directoryRoutes } from './modules/directory/routes.ts';
import { dataRightsRoutes } from './modules/data-rights/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { profilePhotoRoutes } from './modules/profiles/photo-routes.ts';
import { registerMediaFiles } from './plugins/media-files.ts';
import { accountSecurityRoutes } from './modules/account-security/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { availabilityRoutes } from './modules/accounts/availability-routes.ts';
import { passwordRoutes } from './modules/accounts/password-routes.ts';
import { loginStepRoutes } from './modules/accounts/login-routes.ts';
import { recoveryRoutes } from './modules/recovery/routes.ts';
import { validationRoutes } from './modules/validation/routes.ts';
import { documentRoutes } from './modules/validation/document-routes.ts';
import { noticeRoutes } from './modules/validation/notice-routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { favoritesRoutes } from './modules/favorites/routes.ts';
import { savedSearchRoutes } from './modules/saved-searches/routes.ts';
import { meetingsRoutes } from './modules/meetings/routes.ts';
import { conversationRoutes } from './modules/meetings/conversation-routes.ts';
import { citasRoutes } from './modules/meetings/citas-routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { commentsRoutes } from './modules/comments/routes.ts';
import { ratingsRoutes } from './modules/ratings/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { galleryRoutes } from './modules/gallery/routes.ts';
import { rentalRoutes } from './modules/rentals/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { blockRoutes } from './modules/blocks/routes.ts';
import { seoRoutes } from './modules/directory/seo-routes.ts';
import { photoVerificationRoutes } from './modules/photo-verification/routes.ts';
import { touringRoutes } from './modules/touring/routes.ts';
import { signalRoutes } from './modules/signals/routes.ts';
import { photoHoldRoutes } from './modules/photo-holds/routes.ts';
import { watermarkRoutes } from './modules/watermark/routes.ts';
import { checkinRoutes } from './modules/checkins/routes.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { alertAdminRoutes } from './modules/alerts/admin-routes.ts';
import { attendanceRoutes } from './modules/attendance/routes.ts';
import { registerViewCounter, statisticsRoutes } from './modules/statistics/routes.ts';
import { contactRoutes } from './modules/statistics/contact-routes.ts';

setSpanishZodMessages();

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    services: Services;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app with server rendering (off in API tests). */
  web?: boolean;
  logger?: boolean | object;
  /** Override shared services in tests (e.g. a mail transport that records, or a clock they move). */
  services?: Partial<Services>;
}

/** Builds the Fastify app: plugins, then each feature's routes, registered explicitly. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    frameworkErrors,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  // The shared password schemas refuse common passwords only once the list is in memory.
  await loadCommonPasswords();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // A test's clock reaches the services built on it (the public cache's lifetime, the mail outbox).
  const clock =
    options.services?.clock ?? (config.testClockFile ? offsetClock(config.testClockFile) : systemClock);
  app.decorate('services', {
    ...(await createServices(config, app.log, clock)),
    ...options.services,
  });
  const background = await registerBackground(app);
  app.addHook('onClose', async () => {
    // Workers stop before the transport and the database they use go away.
    await background.stop();
    await app.services.close();
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app, { mediaOrigin: mediaOriginOf(config.s3?.publicUrl) });
  await registerCompression(app);
  await registerRateLimit(app);
  registerLookupLimit(app);
  await app.register(authPlugin);
  await registerApiDocs(app);
  await registerMediaFiles(app);
  await registerUploads(app);
  registerPublicWrites(app);
  registerMetrics(app);
  registerViewCounter(app);
  // The account calls' shared limiters, made once: every plugin given them counts on the same counters.
  const limiters = accountLimiters(app);

  // Every route plugin is registered here and nowhere else (test/unit/route-registration.test.ts).
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(directoryRoutes);
      await api.register(accountRoutes, { limiters });
      await api.register(availabilityRoutes, { limiters });
      await api.register(passwordRoutes, { limiters });
      await api.register(loginStepRoutes, { limiters });
      await api.register(recoveryRoutes, { limiters });
      await api.register(accountSecurityRoutes);
      await api.register(sessionRoutes);
      await api.register(documentRoutes);
      await api.register(noticeRoutes);
      await api.register(validationRoutes);
      await api.register(auditRoutes);
      await api.register(profileRoutes);
      await api.register(profilePhotoRoutes);
      await api.register(favoritesRoutes);
      await api.register(savedSearchRoutes);
      await api.register(meetingsRoutes);
      await api.register(conversationRoutes);
      await api.register(citasRoutes);
      await api.register(liveRoutes);
      await api.register(commentsRoutes);
      await api.register(ratingsRoutes);
      await api.register(notificationRoutes);
      await api.register(pushRoutes);
      await api.register(galleryRoutes);
      await api.register(rentalRoutes);
      await api.register(reportRoutes);
      await api.register(blockRoutes);
      await api.register(dataRightsRoutes);
      await api.register(photoVerificationRoutes);
      await api.register(touringRoutes);
      await api.register(signalRoutes);
      await api.register(photoHoldRoutes);
      await api.register(watermarkRoutes);
      await api.register(checkinRoutes);
      await api.register(alertRoutes);
      await api.register(alertAdminRoutes);
      await api.register(attendanceRoutes);
      await api.register(statisticsRoutes);
      api.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ mensaje: msg.notFound, code: 'NOT_FOUND' }),
      );
    },
    { prefix: '/api' },
  );
  // sitemap.xml and robots.txt live at the site root, outside /api.
  await app.register(seoRoutes);
  // The card's WhatsApp button (/contacto/{nickname}): counts the tap, then redirects.
  await app.register(contactRoutes);

  if (options.web) {
    const { registerWeb } = await import('./web/plugin.ts');
    await registerWeb(app);
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ mensaje: msg.notFound, code: 'NOT_FOUND' }),
    );
  }
  return app;
}
