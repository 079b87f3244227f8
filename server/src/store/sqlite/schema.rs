//! The schema, one migration per version from the first table. A
//! migration that has shipped is never edited: the next is added.

use rusqlite_migration::{M, Migrations};

use super::{
    accuracy, analyses, arenas, bot_cards, challenges, matches, players, rated_games, ratings,
};

/// The schema, one migration per version. Never edit one that has shipped:
/// add the next (and raise [`SCHEMA_VERSION`]).
pub(super) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(SCHEMA_1),
        M::up(SCHEMA_2),
        M::up(SCHEMA_3),
        M::up(ratings::SCHEMA_4),
        M::up(analyses::SCHEMA_5),
        M::up(players::SCHEMA_6),
        M::up(accuracy::SCHEMA_7),
        M::up(arenas::SCHEMA_8),
        M::up(players::SCHEMA_9),
        M::up_with_hook(rated_games::SCHEMA_10, rated_games::backfill),
        M::up(matches::SCHEMA_11),
        M::up(challenges::SCHEMA_12),
        M::up(bot_cards::SCHEMA_13),
    ])
}

/// Version 1.
const SCHEMA_1: &str = "
    -- Counters kept across runs: runs, uptime_ms.
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    ) STRICT;

    -- Live rooms: a JSON snapshot each (seats with token hashes, options,
    -- this round's commits, deadlines as uptimes).
    CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        snapshot TEXT NOT NULL
    ) STRICT;

    -- The rounds of each live room's current game (engine reports, JSON).
    CREATE TABLE rounds (
        room TEXT NOT NULL,
        round INTEGER NOT NULL,
        report TEXT NOT NULL,
        PRIMARY KEY (room, round)
    ) STRICT, WITHOUT ROWID;

    -- Each live room's recent events, as sent, for clients that resume.
    -- No longer written (it was most of the cost of storing a round); read
    -- at start-up for data directories that have rows in it.
    CREATE TABLE events (
        room TEXT NOT NULL,
        seq INTEGER NOT NULL,
        frame TEXT NOT NULL,
        PRIMARY KEY (room, seq)
    ) STRICT, WITHOUT ROWID;

    -- Finished games. The cursor orders them and pages through them.
    CREATE TABLE games (
        cursor INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        summary TEXT NOT NULL,
        game TEXT NOT NULL
    ) STRICT;

    CREATE TABLE game_players (
        name TEXT NOT NULL COLLATE NOCASE,
        cursor INTEGER NOT NULL,
        PRIMARY KEY (name, cursor)
    ) STRICT, WITHOUT ROWID;
";

/// Version 2: each live room's log (see [`super::log`]).
const SCHEMA_2: &str = "
    -- What changed of each live room's moving parts since its snapshot,
    -- one entry (a JSON list of changes) per write, applied in order.
    CREATE TABLE room_log (
        room TEXT NOT NULL,
        position INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (room, position)
    ) STRICT, WITHOUT ROWID;
";

/// Version 3: a finished game (the JSON of `games.game`) may hold its
/// room's round deadline, `deadline_ms`. The rows stay as they are (a game
/// without it reads back as `null`), but a server older than this refuses
/// the field: the version tells it to refuse the database at start-up
/// instead of failing on each new game it is asked for.
const SCHEMA_3: &str = "
    -- Finished games may carry deadline_ms in their JSON: nothing to change.
";

/// The schema version [`migrations`] lead to: one per migration.
pub(super) const SCHEMA_VERSION: usize = 13;
