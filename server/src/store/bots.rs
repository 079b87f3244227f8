//! The bots' page as every backend reads it: each declared bot's name, its
//! latest card and its games, from the backend; its ratings from the
//! ratings every backend keeps ([`Store::rating`]).

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::Pool;
use mice_cake_protocol::bots::{BotEntry, BotRating, BotsPage, SignedBotCard};

use super::{Store, StoreError};

/// One declared bot as a backend reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BotRow {
    pub(crate) key: PlayerKey,
    pub(crate) name: String,
    /// Its latest card, if it sent one.
    pub(crate) card: Option<SignedBotCard>,
    /// Games it played here, rated or not.
    pub(crate) games: u32,
}

/// The bots' page: the bots `rows` gives (the most games first), each
/// with its ratings.
pub(crate) fn page(store: &dyn Store, rows: Vec<BotRow>) -> Result<BotsPage, StoreError> {
    let bots = rows
        .into_iter()
        .map(|row| {
            let ratings = Pool::ALL
                .into_iter()
                .filter_map(|pool| match store.rating(row.key, pool) {
                    Ok(rating) => rating.map(|rating| Ok(BotRating { pool, rating })),
                    Err(error) => Some(Err(error)),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(BotEntry {
                key: row.key,
                name: row.name,
                card: row.card,
                games: row.games,
                ratings,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(BotsPage { bots })
}

/// Orders bots as the page lists them: the most games first, then by key.
pub(crate) fn listed_order(rows: &mut [BotRow]) {
    rows.sort_by(|one, other| {
        other
            .games
            .cmp(&one.games)
            .then_with(|| one.key.to_string().cmp(&other.key.to_string()))
    });
}

/// A card as a backend keeps it (JSON), read back.
pub(crate) fn card(stored: Option<String>) -> Result<Option<SignedBotCard>, StoreError> {
    stored
        .map(|text| serde_json::from_str::<SignedBotCard>(&text))
        .transpose()
        .map_err(|error| StoreError::Query {
            source: Box::new(error),
        })
}
