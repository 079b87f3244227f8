//! The signals the interface answers: those that stop it, and those of a
//! shell's job control (suspend, continue).

use crate::outcome::Signal;

/// What a signal asks of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arrived {
    /// Stop for good (the seat is kept).
    Stop(Signal),
    /// SIGTSTP from elsewhere than the keyboard: suspend, the terminal
    /// given back first.
    Suspend,
    /// SIGCONT: running again after a stop, the terminal perhaps changed.
    Continued,
}

/// The signals the interface listens to.
pub(super) struct Signals {
    #[cfg(unix)]
    streams: Vec<(Arrived, tokio::signal::unix::Signal)>,
}

impl Signals {
    pub(super) fn new() -> std::io::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Signals {
                streams: vec![
                    (
                        Arrived::Stop(Signal::Terminate),
                        signal(SignalKind::terminate())?,
                    ),
                    (Arrived::Stop(Signal::Hangup), signal(SignalKind::hangup())?),
                    (
                        Arrived::Stop(Signal::Interrupt),
                        signal(SignalKind::interrupt())?,
                    ),
                    (
                        Arrived::Suspend,
                        signal(SignalKind::from_raw(signal_hook::consts::SIGTSTP))?,
                    ),
                    (
                        Arrived::Continued,
                        signal(SignalKind::from_raw(signal_hook::consts::SIGCONT))?,
                    ),
                ],
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// The next signal.
    pub(super) async fn next(&mut self) -> Arrived {
        #[cfg(unix)]
        {
            let waiting = self.streams.iter_mut().map(|(arrived, stream)| {
                Box::pin(async move {
                    stream.recv().await;
                    *arrived
                })
            });
            futures_util::future::select_all(waiting).await.0
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            Arrived::Stop(Signal::Interrupt)
        }
    }
}
