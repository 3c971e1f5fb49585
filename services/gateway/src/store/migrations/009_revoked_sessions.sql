-- Session cookies are signed tokens the gateway does not keep; signing out writes the session's id
-- here so that a copy of the cookie stops working at once rather than when it expires. A row can go
-- once its session would have expired anyway.
CREATE TABLE revoked_sessions (
  session_id TEXT PRIMARY KEY,
  expires_at_ms BIGINT NOT NULL
);
