//! The idle workload: connections that said hello and wait, as a lobby of
//! people would. Pings are answered; nothing else is sent.

use std::sync::Arc;

use tokio::task::JoinSet;

use crate::crowd::Crowd;
use crate::wire;

/// Opens `connections` idle connections.
pub(crate) fn start(crowd: &Arc<Crowd>, connections: usize) -> JoinSet<()> {
    let mut clients = JoinSet::new();
    for id in 0..connections {
        let crowd = Arc::clone(crowd);
        clients.spawn(async move { hold(&crowd, id).await });
    }
    clients
}

async fn hold(crowd: &Crowd, id: usize) {
    let mut socket = match crowd.dialer.dial().await {
        Ok(socket) => socket,
        Err(error) => return crowd.failed(1, || format!("idle {id}: {error:#}")),
    };
    crowd.stats.connected();
    if let Err(error) = wire::hello(&mut socket, &crowd.stats, format!("idle{id}")).await {
        crowd.stats.disconnected();
        return crowd.failed(1, || format!("idle {id}: {error:#}"));
    }
    crowd.ready();
    let held = loop {
        tokio::select! {
            () = crowd.stop.cancelled() => {
                let _ = socket.close(None).await;
                break Ok(());
            }
            message = wire::receive(&mut socket, &crowd.stats) => match message {
                Ok(Some(_)) => {}
                Ok(None) => break Err(anyhow::anyhow!("the server closed the connection")),
                Err(error) => break Err(error),
            }
        }
    };
    crowd.stats.disconnected();
    if let Err(error) = held {
        crowd.stats.error(|| format!("idle {id}: {error:#}"));
    }
}
