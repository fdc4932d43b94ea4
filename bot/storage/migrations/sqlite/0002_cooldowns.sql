-- Question cooldowns shared by every bot process (used with Postgres; SQLite keeps them
-- in memory, but the schema stays the same on both).
CREATE TABLE IF NOT EXISTS cooldowns (
    user_id INTEGER PRIMARY KEY,
    window_start REAL NOT NULL,
    used INTEGER NOT NULL
);
