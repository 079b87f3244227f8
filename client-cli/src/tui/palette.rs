//! The interface's colours, in one place.

use mice_cake_engine::Seat;
use ratatui::style::Color;

/// Each family's colour (and a label always goes with it: colour is never
/// the only way to tell the seats apart).
pub fn color(seat: Seat) -> Color {
    match seat {
        Seat::Yellow => Color::Yellow,
        Seat::Blue => Color::LightBlue,
    }
}

/// A piece both families face.
pub(super) const CONTESTED: Color = Color::Magenta;

/// The background of places the last round changed.
pub(super) const CHANGED: Color = Color::DarkGray;
