//! Copying the game to the clipboard, for other solvers and the forums: the puzzle as one line of
//! 81 characters, or the position as a pencil-mark grid (the digits placed and each empty cell's
//! candidates). Paste Puzzle reads both back.

use std::rc::Rc;

use adw::prelude::*;

use super::controller::Controller;
use crate::engine::format::{self, Format};
use crate::engine::grid::Position;
use crate::i18n::gettext;

impl Controller {
    /// Puts the puzzle's givens on the clipboard, as one line.
    pub fn copy_puzzle(self: &Rc<Self>) {
        let line = self.with_play(|play| Position::from_givens(play.game.givens()).to_line());
        if let Some(line) = line {
            self.window.clipboard().set_text(&line);
            self.say(&gettext("The puzzle is on the clipboard, as one line."));
        }
    }

    /// Puts the position on the clipboard as a pencil-mark grid: the digits placed, and each
    /// empty cell's pencil marks (the candidates the rules allow where it has none).
    pub fn copy_position(self: &Rc<Self>) {
        let grid = self.with_play(|play| format::write(&play.game.position(), Format::PencilMarks));
        if let Some(grid) = grid {
            self.window.clipboard().set_text(&grid);
            self.say(&gettext("The position is on the clipboard, as a pencil-mark grid."));
        }
    }
}
