//! The lobby of a cluster's node: the rooms of the whole cluster, found
//! through Redis (and PostgreSQL) and reached where they run. The rooms
//! this node runs are in its [`RoomsHere`](crate::room::RoomsHere); what others must find of them
//! (their codes, seat tokens, listing) is written to Redis as well.

use std::sync::Arc;

use mice_cake_protocol::{ErrorCode, RoomCode, RoomList, RoomOptions, RoomSummary};

use super::{Answer, Lobby, bad_token, unknown_room};
use crate::cluster::{Cluster, Whereabouts};
use crate::room::{
    Directory, Made, Refusal, RestoredRoom, RoomContext, RoomHandle, unreachable_room,
};
use crate::token::TokenHash;

pub(crate) struct ClusterLobby {
    cluster: Arc<Cluster>,
}

impl ClusterLobby {
    pub(crate) fn new(cluster: Arc<Cluster>) -> ClusterLobby {
        ClusterLobby { cluster }
    }

    /// A handle on room `code`, wherever it runs.
    async fn find(&self, code: RoomCode) -> Result<RoomHandle, Refusal> {
        match self.cluster.whereabouts(code).await? {
            None => Err(unknown_room(code)),
            // Here, but not started (taken over a moment ago) or stopping.
            Some(Whereabouts::Here) => self
                .cluster
                .local()
                .local_room(&code)
                .ok_or_else(unreachable_room),
            Some(Whereabouts::There(node)) => Ok(self.cluster.remote_room(&node, code)),
            Some(Whereabouts::Moving) => Err(unreachable_room()),
        }
    }
}

impl Lobby for ClusterLobby {
    fn create<'a>(
        &'a self,
        context: &'a Arc<RoomContext>,
        options: RoomOptions,
        made: Made,
    ) -> Answer<'a, Result<RoomHandle, Refusal>> {
        Box::pin(async move {
            let local = self.cluster.local();
            if local.room_count() >= context.config.max_rooms {
                return Err(Refusal::new(
                    ErrorCode::TooManyRooms,
                    format!(
                        "this server holds its limit of {} rooms; try again later",
                        context.config.max_rooms
                    ),
                ));
            }
            let code = self.cluster.take_code(|| context.rng.room_code()).await?;
            let created = local.create_with(context, options, made, |_| Some(code));
            match &created {
                Ok(_) => self.cluster.route_here(code, &[]),
                Err(_) => self.cluster.give_back_code(code).await,
            }
            created
        })
    }

    fn room(&self, code: RoomCode) -> Answer<'_, Result<RoomHandle, Refusal>> {
        Box::pin(self.find(code))
    }

    fn room_of_seat(&self, hash: TokenHash) -> Answer<'_, Result<RoomHandle, Refusal>> {
        Box::pin(async move {
            if let Some(room) = self.cluster.local().local_room_of_seat(&hash) {
                return Ok(room);
            }
            let code = self
                .cluster
                .room_of_seat(&hash)
                .await?
                .ok_or_else(bad_token)?;
            self.find(code).await.map_err(|refusal| match refusal.code {
                // The room closed since: the token leads nowhere.
                ErrorCode::UnknownRoom => bad_token(),
                _ => refusal,
            })
        })
    }

    fn list(&self) -> Answer<'_, RoomList> {
        Box::pin(self.cluster.listing())
    }

    fn summary(&self, code: RoomCode) -> Answer<'_, Result<RoomSummary, Refusal>> {
        Box::pin(async move {
            if let Some(summary) = self.cluster.summary(code).await? {
                return Ok(summary);
            }
            match self.cluster.whereabouts(code).await? {
                None => Err(unknown_room(code)),
                // A room that has yet to tell its summary, or whose summary
                // Redis lost (its node writes it again).
                Some(_) => Err(unreachable_room()),
            }
        })
    }

    fn room_count(&self) -> usize {
        self.cluster.local().room_count()
    }

    fn restore(&self, restored: Vec<RestoredRoom>) {
        // A node starts with no room: it takes rooms over as they need it.
        self.cluster.local().start_restored(restored);
    }
}

impl Directory for ClusterLobby {
    fn register_seat(&self, token: TokenHash, code: RoomCode) {
        self.cluster.local().register_seat(token, code);
        self.cluster.register_seat(&token, code);
    }

    fn forget_seat(&self, token: &TokenHash) {
        self.cluster.local().forget_seat(token);
        self.cluster.forget_seat(token);
    }

    fn publish(&self, code: RoomCode, summary: RoomSummary, listed: bool) {
        self.cluster.publish(code, &summary, listed);
        self.cluster.local().publish(code, summary, listed);
    }

    fn closed(&self, code: &RoomCode) {
        let seats: Vec<TokenHash> = self
            .cluster
            .local()
            .rooms_and_seats()
            .1
            .into_iter()
            .filter(|(_, room)| room == code)
            .map(|(hash, _)| hash)
            .collect();
        self.cluster.forget_room(*code, &seats);
        self.cluster.forget_guests_in(*code);
        self.cluster.local().closed(code);
    }

    fn stopped(&self, code: &RoomCode) {
        // It runs on another node now, or will: what leads to it stays.
        self.cluster.local().stopped(code);
    }
}
