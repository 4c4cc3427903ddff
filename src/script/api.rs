//! What a script sees: the read-only grid `g`, the geometry helpers, the step builder and
//! `builtin(id, g)`. Cells are 0–80 row by row, houses 0–8 rows, 9–17 columns, 18–26 boxes,
//! digits 1–9, candidate masks with bit d set for digit d. Out-of-range arguments are script
//! errors that name the value. Also the sandbox's overrides of Rhai's own functions: no `sleep`,
//! and string replacement that refuses to build a string past the size limit.

use std::sync::{Arc, Mutex, MutexGuard};

use rhai::{Array, Dynamic, Engine, EvalAltResult, ImmutableString, NativeCallContext};
use serde::{Deserialize, Serialize};

use crate::engine::grid::{box_of, cell_name, col_of, house_name, row_of, Cell, Digit, CELLS, HOUSES, PEERS};
use crate::engine::logic::{self, Board, Family, Technique};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// The grid a script reads: a snapshot of the board (values and candidates) and the givens.
#[derive(Clone)]
pub struct Grid(Arc<GridData>);

pub struct GridData {
    pub board: Board,
    pub given: [bool; CELLS],
}

impl Grid {
    pub fn new(board: Board, given: [bool; CELLS]) -> Grid {
        Grid(Arc::new(GridData { board, given }))
    }

    pub fn board(&self) -> &Board {
        &self.0.board
    }

    pub fn given(&self) -> &[bool; CELLS] {
        &self.0.given
    }
}

/// A step as a script builds it; checked (see `check.rs`) before anything uses it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptStep {
    pub name: String,
    pub placements: Vec<(i64, i64)>,
    pub eliminations: Vec<(i64, i64)>,
    pub explanation: String,
    pub cells: Vec<i64>,
    pub candidates: Vec<(i64, i64)>,
}

impl ScriptStep {
    /// The engine's own step, as a script sees it (for `builtin`).
    pub fn from_engine(step: &logic::Step) -> ScriptStep {
        ScriptStep {
            name: step.name.to_string(),
            placements: step
                .placements
                .iter()
                .map(|p| (p.cell as i64, i64::from(p.digit)))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| (e.cell as i64, i64::from(e.digit)))
                .collect(),
            explanation: step.explanation.clone(),
            cells: step.highlights.cells.iter().map(|c| c.cell as i64).collect(),
            candidates: step
                .highlights
                .candidates
                .iter()
                .map(|c| (c.cell as i64, i64::from(c.digit)))
                .collect(),
        }
    }
}

/// The most placements one step may make, and the most eliminations or highlights it may list.
pub const MAX_STEP_PLACEMENTS: usize = CELLS;
pub const MAX_STEP_ITEMS: usize = CELLS * 9;

/// The step a script is building, shared by the calls that add to it (`.place(…)` and the
/// others return the same step, not a copy, so building is linear).
#[derive(Clone)]
pub struct StepBuilder(Arc<Mutex<ScriptStep>>);

impl StepBuilder {
    pub fn new(step: ScriptStep) -> StepBuilder {
        StepBuilder(Arc::new(Mutex::new(step)))
    }

    fn lock(&self) -> MutexGuard<'_, ScriptStep> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The step built (a copy when other handles to it are still alive).
    pub fn take(self) -> ScriptStep {
        match Arc::try_unwrap(self.0) {
            Ok(step) => step.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()),
            Err(shared) => shared.lock().map(|s| s.clone()).unwrap_or_default(),
        }
    }

    /// Adds one item to a list of the step, refusing a step past its size limit.
    fn add<T>(
        &self,
        list: impl FnOnce(&mut ScriptStep) -> &mut Vec<T>,
        item: T,
        what: &str,
        most: usize,
    ) -> Fallible<StepBuilder> {
        let mut step = self.lock();
        let list = list(&mut step);
        if list.len() >= most {
            return Err(format!("a step may have at most {most} {what}").into());
        }
        list.push(item);
        drop(step);
        Ok(self.clone())
    }
}

/// Rhai's `replace`, refusing before it builds a string longer than the limit.
fn replace(ctx: &NativeCallContext, string: &mut ImmutableString, find: &str, with: &str) -> Fallible<()> {
    let count = match find.is_empty() {
        true => string.chars().count() + 1,
        false => string.matches(find).count(),
    };
    let size = (string.len() - count * find.len()).saturating_add(count.saturating_mul(with.len()));
    let most = ctx.engine().max_string_size();
    if most > 0 && size > most {
        return Err(format!("replace would make a string of {size} bytes; the limit is {most}").into());
    }
    *string = string.replace(find, with).into();
    Ok(())
}

fn cell(c: i64) -> Fallible<Cell> {
    usize::try_from(c)
        .ok()
        .filter(|&c| c < CELLS)
        .ok_or_else(|| format!("cell {c} is outside 0–80").into())
}

fn digit(d: i64) -> Fallible<Digit> {
    u8::try_from(d)
        .ok()
        .filter(|d| (1..=9).contains(d))
        .ok_or_else(|| format!("digit {d} is not 1–9").into())
}

fn house(h: i64) -> Fallible<usize> {
    usize::try_from(h)
        .ok()
        .filter(|&h| h < 27)
        .ok_or_else(|| format!("house {h} is outside 0–26").into())
}

fn index(i: i64, what: &str) -> Fallible<usize> {
    usize::try_from(i)
        .ok()
        .filter(|&i| i < 9)
        .ok_or_else(|| format!("{what} {i} is outside 0–8").into())
}

fn cells(list: impl IntoIterator<Item = Cell>) -> Array {
    list.into_iter().map(|c| Dynamic::from(c as i64)).collect()
}

/// The ids of `techniques`, in their order (by score, as `nonet-cli techniques` lists them).
fn technique_ids(techniques: Vec<Technique>) -> Array {
    techniques
        .into_iter()
        .map(|t| Dynamic::from(t.id().to_string()))
        .collect()
}

fn digits(mask: i64) -> Array {
    (1..=9i64).filter(|d| mask >> d & 1 == 1).map(Dynamic::from).collect()
}

pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<Grid>("Grid");
    engine.register_fn("value", |g: &mut Grid, c: i64| -> Fallible<i64> {
        Ok(i64::from(g.board().value(cell(c)?)))
    });
    engine.register_fn("is_given", |g: &mut Grid, c: i64| -> Fallible<bool> {
        Ok(g.0.given[cell(c)?])
    });
    engine.register_fn("is_empty", |g: &mut Grid, c: i64| -> Fallible<bool> {
        Ok(g.board().value(cell(c)?) == 0)
    });
    engine.register_fn("mask", |g: &mut Grid, c: i64| -> Fallible<i64> {
        Ok(i64::from(g.board().candidates(cell(c)?).mask()))
    });
    engine.register_fn("candidates", |g: &mut Grid, c: i64| -> Fallible<Array> {
        Ok(g.board()
            .candidates(cell(c)?)
            .iter()
            .map(|d| Dynamic::from(i64::from(d)))
            .collect())
    });
    engine.register_fn("count", |g: &mut Grid, c: i64| -> Fallible<i64> {
        Ok(i64::from(g.board().candidates(cell(c)?).len()))
    });
    engine.register_fn("has", |g: &mut Grid, c: i64, d: i64| -> Fallible<bool> {
        Ok(g.board().has(cell(c)?, digit(d)?))
    });
    engine.register_fn("cells_with", |g: &mut Grid, h: i64, d: i64| -> Fallible<Array> {
        Ok(cells(g.board().cells_in(house(h)?, digit(d)?).iter()))
    });
    engine.register_fn("empty_cells", |g: &mut Grid| cells(g.board().empty_cells().iter()));
    engine.register_fn("is_solved", |g: &mut Grid| g.board().is_solved());
    engine.register_fn("to_string", |g: &mut Grid| {
        crate::engine::grid::digits_to_line(g.board().values())
    });

    // Geometry.
    engine.register_fn("cell", |r: i64, c: i64| -> Fallible<i64> {
        Ok((index(r, "row")? * 9 + index(c, "column")?) as i64)
    });
    engine.register_fn("row_of", |c: i64| -> Fallible<i64> { Ok(row_of(cell(c)?) as i64) });
    engine.register_fn("col_of", |c: i64| -> Fallible<i64> { Ok(col_of(cell(c)?) as i64) });
    engine.register_fn("box_of", |c: i64| -> Fallible<i64> { Ok(box_of(cell(c)?) as i64) });
    engine.register_fn("name", |c: i64| -> Fallible<String> { Ok(cell_name(cell(c)?)) });
    engine.register_fn("row", |r: i64| -> Fallible<Array> {
        Ok(cells(HOUSES[index(r, "row")?]))
    });
    engine.register_fn("col", |k: i64| -> Fallible<Array> {
        Ok(cells(HOUSES[9 + index(k, "column")?]))
    });
    engine.register_fn("box", |b: i64| -> Fallible<Array> {
        Ok(cells(HOUSES[18 + index(b, "box")?]))
    });
    engine.register_fn("house", |h: i64| -> Fallible<Array> { Ok(cells(HOUSES[house(h)?])) });
    engine.register_fn("houses", || (0..27i64).map(Dynamic::from).collect::<Array>());
    engine.register_fn("house_name", |h: i64| -> Fallible<String> { Ok(house_name(house(h)?)) });
    engine.register_fn("peers", |c: i64| -> Fallible<Array> { Ok(cells(PEERS[cell(c)?])) });
    engine.register_fn("sees", |a: i64, b: i64| -> Fallible<bool> {
        let (a, b) = (cell(a)?, cell(b)?);
        Ok(a != b && PEERS[a].contains(&b))
    });
    engine.register_fn("digits", digits);
    engine.register_fn("popcount", |mask: i64| {
        i64::from((mask & 0b11_1111_1110).count_ones() as u8)
    });

    // Steps.
    engine.register_type_with_name::<StepBuilder>("Step");
    engine.register_fn("step", |name: &str| {
        StepBuilder::new(ScriptStep {
            name: name.to_string(),
            ..ScriptStep::default()
        })
    });
    engine.register_fn("place", |s: &mut StepBuilder, c: i64, d: i64| {
        s.add(|s| &mut s.placements, (c, d), "placements", MAX_STEP_PLACEMENTS)
    });
    engine.register_fn("eliminate", |s: &mut StepBuilder, c: i64, d: i64| {
        s.add(|s| &mut s.eliminations, (c, d), "eliminations", MAX_STEP_ITEMS)
    });
    engine.register_fn("explain", |s: &mut StepBuilder, text: &str| {
        s.lock().explanation = text.to_string();
        s.clone()
    });
    engine.register_fn("highlight", |s: &mut StepBuilder, c: i64| {
        s.add(|s| &mut s.cells, c, "highlighted cells", MAX_STEP_ITEMS)
    });
    engine.register_fn("highlight_candidate", |s: &mut StepBuilder, c: i64, d: i64| {
        s.add(|s| &mut s.candidates, (c, d), "highlighted candidates", MAX_STEP_ITEMS)
    });
    engine.register_get("name", |s: &mut StepBuilder| s.lock().name.clone());
    engine.register_fn("builtin", |id: &str, g: Grid| -> Fallible<Dynamic> {
        let technique =
            Technique::by_id(id, "techniques() lists them").map_err(|e| -> Box<EvalAltResult> { e.into() })?;
        Ok(logic::find_step_on(g.board(), technique).map_or(Dynamic::UNIT, |step| {
            Dynamic::from(StepBuilder::new(ScriptStep::from_engine(&step)))
        }))
    });

    engine.register_fn("techniques", || -> Array { technique_ids(Technique::all_by_score()) });
    // Those of one family ("fish", "als"…: the help's sections, as `nonet-cli techniques --json`
    // gives them), to try a family's techniques in turn.
    engine.register_fn("techniques", |family: &str| -> Fallible<Array> {
        let family: Family = family.parse().map_err(|e: String| -> Box<EvalAltResult> { e.into() })?;
        Ok(technique_ids(family.techniques()))
    });

    // The sandbox's overrides of Rhai's own functions (registered functions come first).
    let no_sleep = |_: NativeCallContext| -> Fallible<()> { Err("scripts can't sleep".into()) };
    engine.register_fn("sleep", move |ctx: NativeCallContext, _: i64| no_sleep(ctx));
    engine.register_fn("sleep", move |ctx: NativeCallContext, _: f64| no_sleep(ctx));
    engine.register_fn(
        "replace",
        |ctx: NativeCallContext, s: &mut ImmutableString, find: &str, with: &str| replace(&ctx, s, find, with),
    );
    engine.register_fn(
        "replace",
        |ctx: NativeCallContext, s: &mut ImmutableString, find: char, with: &str| {
            replace(&ctx, s, &find.to_string(), with)
        },
    );
    engine.register_fn(
        "replace",
        |ctx: NativeCallContext, s: &mut ImmutableString, find: &str, with: char| {
            replace(&ctx, s, find, &with.to_string())
        },
    );
    engine.register_fn(
        "replace",
        |ctx: NativeCallContext, s: &mut ImmutableString, find: char, with: char| {
            replace(&ctx, s, &find.to_string(), &with.to_string())
        },
    );
}
