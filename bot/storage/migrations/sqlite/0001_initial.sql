-- The bot's tables as the first release after SQLite-only storage had them.
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER,
    user_id INTEGER,
    question TEXT NOT NULL,
    mode TEXT NOT NULL,
    filters TEXT NOT NULL,
    paper_ids TEXT NOT NULL,
    abstained INTEGER NOT NULL,
    narrowed INTEGER NOT NULL DEFAULT 0  -- a follow-up: its answers are only these paper_ids
);
CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    question_id INTEGER NOT NULL REFERENCES questions(id),
    user_id INTEGER,
    vote TEXT NOT NULL CHECK (vote IN ('up', 'down')),
    question TEXT NOT NULL,
    paper_ids TEXT NOT NULL,
    UNIQUE (question_id, user_id)
);
CREATE TABLE IF NOT EXISTS guild_config (
    guild_id INTEGER PRIMARY KEY,
    qa_channels TEXT NOT NULL DEFAULT '[]',
    require_mention INTEGER,
    thread_mode INTEGER,
    forum_channels TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    user_id INTEGER,
    topic TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS digest_posts (
    subscription_id INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
    paper_id TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (subscription_id, paper_id)
);
CREATE TABLE IF NOT EXISTS answer_messages (
    message_id INTEGER PRIMARY KEY,
    question_id INTEGER NOT NULL REFERENCES questions(id)
);
