//! Who played a stored game, and how, as every backend keeps it: each key
//! that signed a move of the game has played it (its page answers from
//! then on, rated or not), and in a rated room, whether it aborted the game
//! (its conduct: `docs/ratings.md`, "Aborted games"); and that the two
//! keys have played each other, when both did. Written in the
//! transaction that stores the game, beside its rating
//! ([`super::ratings::rate`]).

use mice_cake_engine::{PlayerKey, SealSignature, Seat, Seated};
use mice_cake_protocol::{
    CONDUCT_GAMES, Conduct, Ending, FinishedGame, GameId, GameSummary, Listing, PlayerProfile,
    Pool, PoolRating, RatingPoint, RatingRefund,
};

use super::StoreError;
use super::ratings::Standing;

/// One player's part in one stored game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Played<'a> {
    pub(crate) key: PlayerKey,
    /// The name they played under: their name if the key has none yet.
    pub(crate) name: &'a str,
    pub(crate) game: GameId,
    pub(crate) at_ms: u64,
    /// Whether the game was played in a rated room: only those count for
    /// conduct.
    pub(crate) rated_room: bool,
    /// Whether this player aborted it.
    pub(crate) aborted: bool,
}

/// What a backend writes, in the transaction that stores a game, for each
/// player who played it.
pub(crate) trait PlayerRows {
    /// Keeps that `played.key` played `played.game` (once per game and key).
    fn note_played(&mut self, played: &Played<'_>) -> Result<(), StoreError>;
    /// Keeps that `keys` (two keys) have played each other, both ways
    /// round (once per pair): [`super::Store::have_played`].
    fn note_opponents(&mut self, keys: Seated<PlayerKey>) -> Result<(), StoreError>;
}

/// Each seat's key, if its holder played the game: a rated room's seats
/// were taken with a proof of the key (`key_proof`), so both are; in a
/// casual room, a key that signed at least one move of it (anyone may
/// announce another's key there, but could sign nothing with it).
pub(crate) fn signers(game: &FinishedGame) -> Seated<Option<PlayerKey>> {
    if let Some(rated) = &game.rated {
        return rated.keys.map(Some);
    }
    let signed =
        |keys: Seated<Option<PlayerKey>>,
         signatures: &mut dyn Iterator<Item = Seated<Option<SealSignature>>>| {
            let mut any = Seated::<bool>::default();
            for exchange in signatures {
                for seat in Seat::ALL {
                    any[seat] |= exchange[seat].is_some();
                }
            }
            Seated::from_fn(|seat| keys[seat].filter(|_| any[seat]))
        };
    if let Some(fair) = game.record.as_ref().and_then(|record| record.fair.as_ref())
        && let Some(keys) = fair.keys
    {
        let mut exchanges = std::iter::once(&fair.deal)
            .chain(&fair.rounds)
            .map(|exchange| exchange.signatures);
        return signed(keys, &mut exchanges);
    }
    if let Some(deal) = &game.aborted_deal {
        return signed(deal.keys, &mut std::iter::once(deal.signatures));
    }
    Seated::default()
}

/// Notes, for each key that signed a move of `game`, that it played it.
pub(crate) fn note_players(
    rows: &mut impl PlayerRows,
    game: &FinishedGame,
) -> Result<(), StoreError> {
    let aborted = match game.result.ending {
        Ending::Aborted { .. } => game
            .result
            .ending
            .forfeited()
            .map_or_else(Seated::default, |(who, _)| who),
        _ => Seated::default(),
    };
    let signers = signers(game);
    for seat in Seat::ALL {
        let Some(key) = signers[seat] else {
            continue;
        };
        rows.note_played(&Played {
            key,
            name: &game.players[seat],
            game: game.id,
            at_ms: game.finished_at_ms,
            rated_room: game.rated.is_some(),
            aborted: aborted[seat],
        })?;
    }
    // Both played it, each in a seat: they have played each other (whom a
    // key that takes challenges from `played` only takes them from).
    if let Seated {
        yellow: Some(yellow),
        blue: Some(blue),
    } = signers
        && yellow != blue
    {
        rows.note_opponents(Seated { yellow, blue })?;
    }
    Ok(())
}

/// A player's conduct from their latest games in rated rooms, newest first
/// (whether they aborted each): the first [`CONDUCT_GAMES`] are counted.
pub(crate) fn conduct(aborted: impl IntoIterator<Item = bool>) -> Conduct {
    let mut conduct = Conduct::default();
    for aborted in aborted.into_iter().take(CONDUCT_GAMES as usize) {
        conduct.games += 1;
        conduct.aborted += u32::from(aborted);
    }
    conduct
}

/// What a backend read of a player, to make their page.
pub(crate) struct PlayerRead {
    pub(crate) name: String,
    pub(crate) bot_declaration: Option<SealSignature>,
    /// Their standings by pool.
    pub(crate) standings: Vec<(Pool, Standing)>,
    /// Their history, oldest first.
    pub(crate) history: Vec<(Pool, RatingPoint)>,
    pub(crate) conduct: Conduct,
    /// Their latest games, newest first.
    pub(crate) recent: Vec<GameSummary>,
    /// Their games in each pool they are rated in, as the leaderboard's
    /// rule counts them.
    pub(crate) listings: Vec<(Pool, Listing)>,
    /// Refunds that changed their ratings, newest first.
    pub(crate) refunds: Vec<RatingRefund>,
}

/// A bot's declaration as a backend keeps it (hex), read back.
pub(crate) fn declaration(stored: Option<String>) -> Result<Option<SealSignature>, StoreError> {
    stored
        .map(|text| text.parse::<SealSignature>())
        .transpose()
        .map_err(|error| StoreError::Query {
            source: Box::new(error),
        })
}

/// A player's page from what a backend read.
pub(crate) fn profile(key: PlayerKey, read: PlayerRead) -> PlayerProfile {
    let keep = mice_cake_protocol::rating::PLAYER_HISTORY_POINTS as usize;
    let mut ratings: Vec<PoolRating> = read
        .standings
        .into_iter()
        .map(|(pool, standing)| {
            let mut points: Vec<RatingPoint> = read
                .history
                .iter()
                .filter(|(of, _)| *of == pool)
                .map(|(_, point)| *point)
                .collect();
            points.drain(..points.len().saturating_sub(keep));
            let mut listing = read
                .listings
                .iter()
                .find(|(of, _)| *of == pool)
                .map(|(_, listing)| *listing)
                .unwrap_or_default();
            listing.listed = !standing.rating.provisional && listing.rests_on_established();
            PoolRating {
                pool,
                rating: standing.rating,
                wins: standing.wins,
                losses: standing.losses,
                draws: standing.draws,
                history: points,
                listing,
            }
        })
        .collect();
    ratings.sort_by_key(|rating| rating.pool);
    PlayerProfile {
        key,
        bot: read.bot_declaration.is_some(),
        bot_declaration: read.bot_declaration,
        name: read.name,
        ratings,
        conduct: read.conduct,
        recent: read.recent,
        // Read apart (`Store::accuracy`) by the page's endpoint.
        accuracy: None,
        refunds: read.refunds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conduct_counts_the_latest_games_only() {
        assert_eq!(conduct([]), Conduct::default());
        let latest_first = [true, false, true, true]
            .into_iter()
            .chain(std::iter::repeat_n(false, 6))
            .chain([true, true]);
        let counted = conduct(latest_first);
        assert_eq!((counted.games, counted.aborted), (10, 3));
        assert!(counted.paired_last());
        assert!(!conduct([true, true, false]).paired_last());
    }
}
