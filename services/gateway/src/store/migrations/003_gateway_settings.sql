-- Values the gateway makes once and keeps, such as the key that signs its session cookies (so that
-- sessions survive a restart).
CREATE TABLE gateway_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
