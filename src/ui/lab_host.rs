//! What the Scripting Lab may ask of the game: the grid to run the script on, showing a step on
//! the board and applying it as one move.

use std::rc::Rc;

use adw::prelude::*;

use super::window::Controller;
use crate::engine::game::{Action, Refusal, Status};
use crate::engine::grid::Digit;

impl Controller {
    /// The Scripting Lab (built on first use) shown.
    pub fn lab(self: &Rc<Self>) -> Rc<super::lab::Lab> {
        let lab = self
            .lab
            .borrow_mut()
            .get_or_insert_with(|| super::lab::Lab::new(self))
            .clone();
        lab.window.present();
        lab
    }

    /// The position a script sees, with the solution to check its steps; `None` when the game
    /// does not take steps (finished, paused, solution shown, Solve running).
    pub fn script_grid(&self) -> Option<(crate::script::Grid, [Digit; 81])> {
        let play = self.play.borrow();
        let play = play.as_ref()?;
        let game = &play.game;
        if game.status() != Status::Playing || play.paused || play.solution_shown() || play.animation.is_some() {
            return None;
        }
        let board = crate::engine::logic::Board::from_position(&game.position());
        let given = std::array::from_fn(|c| game.is_given(c));
        Some((crate::script::Grid::new(board, given), *game.solution()))
    }

    /// Before a script runs: pencil marks filled in (one undoable step) when there are none, so
    /// its eliminations show.
    pub fn prepare_for_script(&self) {
        let empty = self
            .with_play(|play| (0..81).all(|c| play.game.marks(c).is_empty()))
            .unwrap_or(false);
        if empty {
            let _ = self.with_play(|play| play.act(Action::FillCandidates));
        }
        self.refresh();
    }

    /// Shows (or clears) a script's step on the board.
    pub fn show_script_step(&self, view: Option<super::play::ScriptView>) {
        self.with_play(|play| play.script_step = view);
        self.area.queue_draw();
    }

    /// Applies a checked script step to the game (one undoable move).
    pub fn apply_script_step(
        self: &Rc<Self>,
        placements: Vec<(usize, Digit)>,
        eliminations: Vec<(usize, Digit)>,
    ) -> Result<(), Refusal> {
        let result = self.with_play(|play| {
            play.script_step = None;
            play.act(Action::ApplyScriptStep {
                placements,
                eliminations,
            })
        });
        let result = result.unwrap_or(Err(Refusal::Finished));
        self.report(result);
        result.map(|_| ())
    }
}
