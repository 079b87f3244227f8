//! The `mice-cake` terminal client: play, watch and list games on a Mice Cake
//! server; offline simulations and replays.
//!
//! # Layout
//!
//! * [`cli`]: the command line (clap).
//! * [`net`]: the connection: hello, entering a room, reconnecting by itself
//!   with the seat token after a drop; [`tls`]: whose certificates it trusts.
//! * [`server_kinds`]: the one list of the server's message kinds; the
//!   others act on kinds.
//! * [`tracker`]: the room as the client knows it — the server's last state
//!   with every event since applied. Both interfaces read it. Pure, as is
//!   sealed play: what they ask of the world comes back as [`effect`]s.
//! * [`tui`]: the full-screen interface, Elm-style: `model::update` turns
//!   keys, network events and ticks into commands (no IO: the loop carries
//!   them out); `view::view` draws.
//! * [`plain`]: the line-oriented interface (text, or JSON lines) for scripts
//!   and bots; reads assignments such as `A2 C2` from standard input.
//! * [`text`]: words for rounds, attempts and results.
//! * [`seats`]: the seats this user holds, kept on disk to take them back.
//! * [`identity`]: the player's key pair, kept beside them, which signs
//!   every seal ([`sealing`]: sealed play on the client's side, pure;
//!   [`openings`]: its IO, the sealed moves on disk and the random seed).
//! * [`effect`]: what the pure parts ask of the world, carried out in order
//!   by the shells.
//! * [`outcome`]: how a run ends, its exit status and last words.
//! * [`sim`]: offline games between policies; [`replay`]: finished games;
//!   [`analysis`]: their analysis, move by move, with the client's engine.
//! * [`arenas`]: arenas over HTTP (list, detail, create); [`arena_text`]:
//!   arenas in words, the standings between games.
//! * [`engine_link`]: an outside engine run and kept to the time (`bot
//!   --engine`); [`engine_command`]: a built-in policy as an engine
//!   (`mice-cake engine`); [`engine_match`]: two engines offline
//!   (`mice-cake engine-match`). The protocol is `docs/engines.md`.
//! * [`challenges`]: challenges in words, which one to answer, whom a
//!   name means; [`challenge_commands`]: asking the server (a name's key,
//!   the list, a decline).

pub mod analysis;
pub mod arena_text;
pub mod arenas;
pub mod bots_page;
pub mod catalogue;
pub mod challenge_commands;
pub mod challenges;
pub mod cli;
pub mod effect;
pub mod engine_command;
pub mod engine_link;
pub mod engine_match;
#[cfg(test)]
mod fixture;
pub mod identity;
pub mod match_verify;
pub mod net;
pub mod openings;
pub mod outcome;
pub mod plain;
pub mod replay;
pub mod sealing;
pub mod seats;
pub mod server_kinds;
pub mod sim;
pub mod standings;
pub mod text;
pub mod tls;
pub mod tracker;
pub mod tui;
pub mod verify;
