//! Job control: Ctrl-Z (or SIGTSTP) suspends the interface with the
//! terminal given back to the shell; after `fg` (SIGCONT) the terminal is
//! taken back — raw mode, the alternate screen — and redrawn whole. A
//! client stopped with SIGSTOP, which cannot be caught, finds the terminal
//! as the shell left it (line mode, echo, the shell's text over the board)
//! and takes it back the same way.

use std::io::Write as _;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};

/// Ctrl-Z, which raw mode delivers as a key.
pub(super) fn is_suspend_key(key: &KeyEvent) -> bool {
    key.kind != KeyEventKind::Release
        && key.modifiers.contains(KeyModifiers::CONTROL)
        && key.code == KeyCode::Char('z')
}

/// Ctrl-L, which redraws the screen whole, as in most full-screen programs.
pub(super) fn is_redraw_key(key: &KeyEvent) -> bool {
    key.kind != KeyEventKind::Release
        && key.modifiers.contains(KeyModifiers::CONTROL)
        && key.code == KeyCode::Char('l')
}

/// Gives the terminal back, stops the process as a shell's job, and takes
/// the terminal back once continued.
pub(super) fn suspend(screen: &mut ratatui::DefaultTerminal) -> std::io::Result<()> {
    give_back()?;
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "{}", crate::tr!("tui-suspended", command = "fg"));
    let _ = stdout.flush();
    stop()?;
    take_back(screen)
}

/// The terminal as the shell had it: line mode, the main screen, a cursor.
fn give_back() -> std::io::Result<()> {
    terminal::disable_raw_mode()?;
    execute!(
        std::io::stdout(),
        terminal::LeaveAlternateScreen,
        cursor::Show
    )
}

/// Raw mode and the alternate screen again, and everything redrawn on the
/// next frame. Raw mode is turned off first: crossterm skips turning it on
/// when it believes it on, which after a SIGSTOP it wrongly does.
pub(super) fn take_back(screen: &mut ratatui::DefaultTerminal) -> std::io::Result<()> {
    terminal::disable_raw_mode()?;
    terminal::enable_raw_mode()?;
    execute!(
        std::io::stdout(),
        terminal::EnterAlternateScreen,
        cursor::Hide
    )?;
    redraw(screen)
}

/// Wipes the screen and makes the next frame draw every cell: a blank frame
/// in between, so that ratatui's diff holds nothing as already shown.
/// (`Terminal::clear` would ask the terminal where its cursor is, and the
/// answer would race the key reader.)
pub(super) fn redraw(screen: &mut ratatui::DefaultTerminal) -> std::io::Result<()> {
    execute!(std::io::stdout(), terminal::Clear(terminal::ClearType::All))?;
    screen.draw(|frame| frame.render_widget(ratatui::widgets::Clear, frame.area()))?;
    Ok(())
}

/// Stops the process (SIGSTOP: SIGTSTP is the interface's own to answer);
/// returns once it is continued.
#[cfg(unix)]
fn stop() -> std::io::Result<()> {
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)
}

#[cfg(not(unix))]
fn stop() -> std::io::Result<()> {
    Ok(())
}
