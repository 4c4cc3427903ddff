//! Checks a step a script returned before anything uses it: cells and digits in range, each
//! eliminated candidate present, each placement legal, and nothing that contradicts the
//! solution. The message names the step, the script's technique, the cell and the digit.

use super::api::ScriptStep;
use crate::engine::grid::{cell_name, Cell, Digit, CELLS, PEERS};
use crate::engine::logic::Board;

/// A checked step: what it places and eliminates.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Checked {
    pub placements: Vec<(Cell, Digit)>,
    pub eliminations: Vec<(Cell, Digit)>,
}

pub fn check(step: &ScriptStep, number: usize, board: &Board, solution: &[Digit; CELLS]) -> Result<Checked, String> {
    let who = format!("step {number} of '{}'", step.name);
    let in_range = |(c, d): (i64, i64)| -> Result<(Cell, Digit), String> {
        let cell = usize::try_from(c)
            .ok()
            .filter(|&c| c < CELLS)
            .ok_or_else(|| format!("{who} names cell {c}, outside 0–80"))?;
        let digit = u8::try_from(d)
            .ok()
            .filter(|d| (1..=9).contains(d))
            .ok_or_else(|| format!("{who} names digit {d} in {}, not 1–9", cell_name(cell)))?;
        Ok((cell, digit))
    };
    let placements = step
        .placements
        .iter()
        .map(|&p| in_range(p))
        .collect::<Result<Vec<_>, _>>()?;
    let eliminations = step
        .eliminations
        .iter()
        .map(|&e| in_range(e))
        .collect::<Result<Vec<_>, _>>()?;
    if placements.is_empty() && eliminations.is_empty() {
        return Err(format!("{who} places nothing and eliminates nothing"));
    }
    for &(cell, digit) in &placements {
        let name = cell_name(cell);
        if board.value(cell) != 0 {
            return Err(format!(
                "{who} places {digit} in {name}, which already holds {}",
                board.value(cell)
            ));
        }
        if !board.has(cell, digit) {
            return Err(format!(
                "{who} places {digit} in {name}, which is not a candidate there"
            ));
        }
        if solution[cell] != digit {
            return Err(format!("{who} places {digit} in {name}, which is not the solution"));
        }
        if placements
            .iter()
            .any(|&(other, d)| other != cell && d == digit && PEERS[cell].contains(&other))
        {
            return Err(format!("{who} places {digit} twice in a house (at {name})"));
        }
    }
    for &(cell, digit) in &eliminations {
        let name = cell_name(cell);
        if !board.has(cell, digit) {
            return Err(format!(
                "{who} eliminates {digit} from {name}, which is not a candidate there"
            ));
        }
        if solution[cell] == digit {
            return Err(format!("{who} eliminates {digit} from {name}, which is the solution"));
        }
    }
    Ok(Checked {
        placements,
        eliminations,
    })
}

impl Checked {
    pub fn apply(&self, board: &mut Board) {
        for &(cell, digit) in &self.placements {
            board.place(cell, digit);
        }
        for &(cell, digit) in &self.eliminations {
            board.eliminate(cell, digit);
        }
    }
}
