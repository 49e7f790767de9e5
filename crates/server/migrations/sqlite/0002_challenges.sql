-- Open challenges (lichess's `POST /api/challenge/{username}`), kept until
-- accepted, declined or cancelled: a restart keeps them, and every node
-- sharing a database sees the same ones. Accounts are named by id; a
-- challenge whose account is deleted is no longer listed.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger TEXT NOT NULL,
    dest TEXT NOT NULL,
    -- Initial time and increment, seconds; both NULL: untimed.
    clock_limit INTEGER,
    clock_increment INTEGER,
    -- The challenger's colour as asked (`white`, `black`, `random`), and
    -- as drawn when the challenge was made.
    color TEXT NOT NULL,
    final_color TEXT NOT NULL,
    fen TEXT,
    created_unix_ms INTEGER NOT NULL
);

CREATE INDEX challenges_by_dest ON challenges (dest);
CREATE INDEX challenges_by_challenger ON challenges (challenger);
