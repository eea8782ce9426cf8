import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { logSerializers } from "../log-serializers.ts";
import { AuthError, type AuthService } from "./service.ts";

const JSON_LIMIT = "32kb";
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The caller's IP for rate limiting. X-Forwarded-For is believed only from loopback (the app server
 * embedding this service) or listed callers, and only its last entry, the one that caller added.
 */
function clientIp(req: Request, trustedCallers: Set<string>): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  const forwarded = req.get("x-forwarded-for");
  if (forwarded && (LOOPBACK.has(peer) || trustedCallers.has(peer))) {
    return forwarded.split(",").at(-1)?.trim() || peer;
  }
  return peer;
}

function bearer(req: Request): string | null {
  const header = req.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** SPEC §7 over HTTP: JSON in, `{ success: true, data }` or `{ success: false, error, code }` out. */
export function authRouter(service: AuthService, logger: Logger, trustedCallers: string[] = []) {
  const log = logger.child({}, { serializers: logSerializers });
  const router = express.Router();
  const trusted = new Set(trustedCallers);
  router.use(express.json({ limit: JSON_LIMIT }));

  const handle =
    (status: number, run: (req: Request) => Promise<object>) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        res.status(status).json({ success: true, data: await run(req) });
      } catch (error) {
        next(error);
      }
    };

  router.post(
    "/signup",
    handle(201, (req) => service.signup(req.body, clientIp(req, trusted))),
  );
  router.post(
    "/login",
    handle(200, (req) => service.login(req.body, clientIp(req, trusted))),
  );
  router.post(
    "/logout",
    handle(200, (req) => service.logout(bearer(req))),
  );
  router.post(
    "/validate",
    handle(200, (req) => service.validate(bearer(req))),
  );
  router.get(
    "/health",
    handle(200, () => service.health()),
  );
  router.get(
    "/users",
    handle(200, (req) => service.listUsers(bearer(req))),
  );
  router.post(
    "/users",
    handle(201, (req) => service.createUser(bearer(req), req.body)),
  );
  router.patch(
    "/users/:id",
    handle(200, (req) => service.updateUser(bearer(req), String(req.params.id), req.body)),
  );
  router.delete(
    "/users/:id",
    handle(200, (req) => service.deleteUser(bearer(req), String(req.params.id))),
  );
  router.get(
    "/users/:id/history",
    handle(200, (req) => service.userHistory(bearer(req), String(req.params.id))),
  );
  router.put(
    "/projects/:projectId/members",
    handle(200, (req) => service.addProjectMember(bearer(req), req.params.projectId, req.body)),
  );
  router.delete(
    "/projects/:projectId/members/:userId",
    handle(200, (req) => service.removeProjectMember(bearer(req), req.params.projectId, String(req.params.userId))),
  );
  router.post(
    "/logout-everywhere",
    handle(200, (req) => service.logoutEverywhere(bearer(req))),
  );
  router.post(
    "/password",
    handle(200, (req) => service.changePassword(bearer(req), req.body)),
  );
  router.post(
    "/project-members",
    handle(200, (req) => service.projectMembers(bearer(req), req.body)),
  );
  router.post(
    "/project-audience",
    handle(200, (req) => service.projectAudience(bearer(req), req.body)),
  );

  router.use((_req: Request, res: Response) => {
    res.status(404).json({ success: false, error: "Not found", code: "not_found" });
  });

  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof AuthError) {
      res.status(error.status).json({ success: false, error: error.message, code: error.code, fields: error.fields });
      return;
    }
    const status = (error as { status?: number }).status;
    if (status === 413) {
      res
        .status(413)
        .json({ success: false, error: `The request body is larger than ${JSON_LIMIT}`, code: "invalid_input" });
      return;
    }
    if (status === 400) {
      res.status(400).json({ success: false, error: "The request body is not valid JSON", code: "invalid_input" });
      return;
    }
    log.error({ err: error }, "auth service failure");
    // Almost always the database: the caller shows its "service unavailable" page.
    res.status(503).json({ success: false, error: "The authentication service is unavailable", code: "unavailable" });
  });
  return router;
}
