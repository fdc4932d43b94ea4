-- Question cooldowns shared by every bot process: one row per user, updated by one
-- atomic statement per question (bot/storage/cooldowns.py).
CREATE TABLE IF NOT EXISTS cooldowns (
    user_id BIGINT PRIMARY KEY,
    window_start DOUBLE PRECISION NOT NULL,
    used INTEGER NOT NULL
);
