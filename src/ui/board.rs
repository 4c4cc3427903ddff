//! The board view: draws a game with cairo (givens, the player's digits, pencil marks as a 3×3
//! mini grid, selection and same-digit highlights, conflicts, hint patterns) in the theme's
//! colours, and maps pointer positions back to cells and candidates.

use gtk::cairo;
use gtk::gdk;

use super::play::{HintView, Play, BIVALUE};
use crate::engine::game::{COLOURS, COLOUR_RGB};
use crate::engine::grid::{box_of, col_of, row_of, Cell, Digit, CELLS};
use crate::engine::logic::Role;

/// Geometry of the board inside a drawing area of a given size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub left: f64,
    pub top: f64,
    pub cell: f64,
}

/// Space kept around the board so its thick outer border is never clipped.
const BORDER_ROOM: f64 = 4.0;

impl Layout {
    /// The largest square board that fits, centred, with whole-pixel cells for crisp lines and
    /// room left at the edges for the outer border's width.
    pub fn fit(width: f64, height: f64) -> Layout {
        let cell = ((width.min(height) - 2.0 * BORDER_ROOM) / 9.0).floor().max(1.0);
        let side = cell * 9.0;
        Layout {
            left: ((width - side) / 2.0).floor(),
            top: ((height - side) / 2.0).floor(),
            cell,
        }
    }

    /// Like [`Layout::fit`], leaving a strip on the left and at the top for the row and column
    /// numbers when `coordinates` is set (the board stays centred as a whole).
    pub fn fit_with(width: f64, height: f64, coordinates: bool) -> Layout {
        if !coordinates {
            return Layout::fit(width, height);
        }
        // The strip is half a cell: solve 9.5 cells into the room.
        let cell = ((width.min(height) - 2.0 * BORDER_ROOM) / 9.5).floor().max(1.0);
        let (side, strip) = (cell * 9.0, (cell / 2.0).floor());
        Layout {
            left: ((width - side - strip) / 2.0).floor() + strip,
            top: ((height - side - strip) / 2.0).floor() + strip,
            cell,
        }
    }

    pub fn side(&self) -> f64 {
        self.cell * 9.0
    }

    /// The cell under a point, if any.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<Cell> {
        let (col, row) = ((x - self.left) / self.cell, (y - self.top) / self.cell);
        ((0.0..9.0).contains(&col) && (0.0..9.0).contains(&row)).then(|| row as usize * 9 + col as usize)
    }

    /// The pencil-mark digit under a point (the 3×3 mini grid of its cell).
    pub fn candidate_at(&self, x: f64, y: f64) -> Option<Digit> {
        let cell = self.cell_at(x, y)?;
        let fx = ((x - self.left) / self.cell - col_of(cell) as f64) * 3.0;
        let fy = ((y - self.top) / self.cell - row_of(cell) as f64) * 3.0;
        Some((fy.floor().clamp(0.0, 2.0) * 3.0 + fx.floor().clamp(0.0, 2.0)) as Digit + 1)
    }

    pub fn origin(&self, cell: Cell) -> (f64, f64) {
        (
            self.left + col_of(cell) as f64 * self.cell,
            self.top + row_of(cell) as f64 * self.cell,
        )
    }
}

/// The colours of the board, read from the theme at draw time.
pub struct Palette {
    pub paper: gdk::RGBA,
    pub ink: gdk::RGBA,
    pub accent: gdk::RGBA,
    pub error: gdk::RGBA,
    pub success: gdk::RGBA,
    pub warning: gdk::RGBA,
    /// Two more colours for a second part of a pattern: a second colouring chain (Multi-Colors),
    /// the second and fourth sets of an ALS step.
    pub purple: gdk::RGBA,
    pub brown: gdk::RGBA,
    /// The player's colours for cells and pencil marks (colour n is `paints[n - 1]`).
    pub paints: [gdk::RGBA; COLOURS as usize],
    /// Whether the paper is dark (highlights then need more of the accent to show).
    pub dark: bool,
    /// Whether the desktop asks for high contrast (libadwaita's style manager): grey lines,
    /// pencil marks and labels come close to the ink, and tints are stronger.
    pub high_contrast: bool,
}

impl Palette {
    /// The tint, `amount` of the way from the paper to the player's colour `colour` (1 to
    /// [`COLOURS`]), of a cell or of the disc behind a pencil mark; none for 0.
    pub fn paint(&self, colour: u8, amount: f32) -> Option<gdk::RGBA> {
        let ink = self.paints.get(usize::from(colour).checked_sub(1)?)?;
        Some(blend(&self.paper, ink, if self.dark { amount * 0.8 } else { amount }))
    }

    /// The paper tinted `amount` towards the accent; on dark paper twice as much, since a tint
    /// of a dark grey is much harder to see than the same tint of white (and in high contrast
    /// more again, see [`Self::tint`]).
    pub fn highlight(&self, amount: f32) -> gdk::RGBA {
        let amount = if self.dark { (amount * 2.0).min(0.7) } else { amount };
        self.tint(&self.accent, amount)
    }

    /// The paper tinted `amount` towards `colour` (a hint's area, a conflict); in high contrast
    /// 1.6 times as much, up to half way (further, digits in the accent colour would fade into
    /// the selected cell's tint).
    pub fn tint(&self, colour: &gdk::RGBA, amount: f32) -> gdk::RGBA {
        let amount = if self.high_contrast {
            (amount * 1.6).min(0.5).max(amount)
        } else {
            amount
        };
        blend(&self.paper, colour, amount)
    }

    /// A grey `amount` of the way from the paper to the ink, for what is drawn in less than full
    /// ink (cell lines, pencil marks, coordinates, digits the computer placed); in high contrast
    /// it keeps only 40 % of its distance from the ink (a cell line's 0.3 becomes 0.72).
    pub fn grey(&self, amount: f32) -> gdk::RGBA {
        let amount = if self.high_contrast {
            1.0 - (1.0 - amount) * 0.4
        } else {
            amount
        };
        blend(&self.paper, &self.ink, amount)
    }
}

pub fn set_color(cr: &cairo::Context, color: &gdk::RGBA) {
    cr.set_source_rgba(
        color.red() as f64,
        color.green() as f64,
        color.blue() as f64,
        color.alpha() as f64,
    );
}

/// An opaque colour `amount` of the way from `base` to `ink`: crossing lines drawn with it leave
/// no darker spots where they overlap.
pub fn blend(base: &gdk::RGBA, ink: &gdk::RGBA, amount: f32) -> gdk::RGBA {
    let mix = |a: f32, b: f32| a + (b - a) * amount;
    gdk::RGBA::new(
        mix(base.red(), ink.red()),
        mix(base.green(), ink.green()),
        mix(base.blue(), ink.blue()),
        1.0,
    )
}

pub fn fill_cell(cr: &cairo::Context, layout: &Layout, cell: Cell, color: &gdk::RGBA) -> Result<(), cairo::Error> {
    let (x, y) = layout.origin(cell);
    set_color(cr, color);
    cr.rectangle(x, y, layout.cell, layout.cell);
    cr.fill()
}

/// A ring just inside a cell's edges: a cell singled out (a hint's proof, a digit called wrong).
fn ring_cell(cr: &cairo::Context, layout: &Layout, cell: Cell, color: &gdk::RGBA) -> Result<(), cairo::Error> {
    let (x, y) = layout.origin(cell);
    let inset = (layout.cell / 12.0).max(2.0);
    set_color(cr, color);
    cr.set_line_width((layout.cell / 18.0).max(2.0));
    cr.rectangle(
        x + inset,
        y + inset,
        layout.cell - 2.0 * inset,
        layout.cell - 2.0 * inset,
    );
    cr.stroke()
}

pub fn centred_text(cr: &cairo::Context, text: &str, x: f64, y: f64) -> Result<(), cairo::Error> {
    let extents = cr.text_extents(text)?;
    cr.move_to(
        x - extents.width() / 2.0 - extents.x_bearing(),
        y - extents.height() / 2.0 - extents.y_bearing(),
    );
    cr.show_text(text)
}

/// The theme's colours for a widget (AdwStyleManager's light or dark palette).
#[allow(deprecated)] // StyleContext is how GTK 4.8 exposes theme colours.
pub fn palette(widget: &impl gtk::prelude::IsA<gtk::Widget>) -> Palette {
    use gtk::prelude::*;
    let context = widget.style_context();
    let named = |name: &str, fallback: (f32, f32, f32)| {
        context
            .lookup_color(name)
            .unwrap_or_else(|| gdk::RGBA::new(fallback.0, fallback.1, fallback.2, 1.0))
    };
    let style = adw::StyleManager::default();
    let dark = style.is_dark();
    Palette {
        paper: named("view_bg_color", if dark { (0.19, 0.19, 0.21) } else { (1.0, 1.0, 1.0) }),
        ink: context.color(),
        accent: named("accent_color", (0.21, 0.52, 0.89)),
        error: named("error_color", (0.75, 0.11, 0.16)),
        success: named("success_color", (0.15, 0.64, 0.41)),
        warning: named("warning_color", (0.90, 0.65, 0.04)),
        // libadwaita's palette: the lighter shades on dark paper, the darker on light.
        purple: if dark {
            named("purple_1", (0.86, 0.54, 0.87))
        } else {
            named("purple_3", (0.57, 0.25, 0.67))
        },
        brown: if dark {
            named("brown_1", (0.80, 0.67, 0.56))
        } else {
            named("brown_3", (0.60, 0.42, 0.27))
        },
        paints: paint_colours(),
        dark,
        high_contrast: style.is_high_contrast(),
    }
}

/// The player's four colours ([`COLOUR_RGB`]), in the order the Colour menu names them.
pub fn paint_colours() -> [gdk::RGBA; COLOURS as usize] {
    COLOUR_RGB.map(|[r, g, b]| gdk::RGBA::new(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0))
}

/// Row numbers down the left and column numbers along the top, as hints name cells (r4c7).
pub fn draw_coordinates(cr: &cairo::Context, layout: Layout, palette: &Palette) -> Result<(), cairo::Error> {
    set_color(cr, &palette.grey(0.55));
    cr.select_font_face("Cantarell", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
    cr.set_font_size((layout.cell * 0.28).max(7.0));
    let strip = (layout.cell / 2.0).floor();
    for i in 0..9 {
        let along = i as f64 * layout.cell + layout.cell / 2.0;
        let label = (i + 1).to_string();
        centred_text(cr, &label, layout.left - strip / 2.0 - 2.0, layout.top + along)?;
        centred_text(cr, &label, layout.left + along, layout.top - strip / 2.0 - 2.0)?;
    }
    Ok(())
}

/// Draws the whole board for the current play state.
pub fn draw(cr: &cairo::Context, layout: Layout, play: &Play, palette: &Palette) -> Result<(), cairo::Error> {
    let game = &play.game;
    if play.prefs.coordinates {
        draw_coordinates(cr, layout, palette)?;
    }
    let side = layout.side();
    set_color(cr, &palette.paper);
    cr.rectangle(layout.left, layout.top, side, side);
    cr.fill()?;

    if play.paused {
        return draw_grid(cr, layout, palette);
    }

    // Highlights: the selected cell's row, column and box, then cells holding the same digit.
    let mut shown = play.shown_values();
    // Strict mode's refused digit, shown in its cell (in red, below) for a moment.
    if let Some((cell, digit)) = play.strike_flash {
        shown[cell] = digit;
    }
    // (While a digit is highlighted its pattern alone is tinted, to read apart at a glance.)
    let region = play.prefs.highlight_region && play.highlighted_digit.is_none();
    if let (Some(selected), true) = (play.selected, region) {
        let region = palette.highlight(0.08);
        for cell in 0..CELLS {
            let related = row_of(cell) == row_of(selected)
                || col_of(cell) == col_of(selected)
                || box_of(cell) == box_of(selected);
            if related {
                fill_cell(cr, &layout, cell, &region)?;
            }
        }
    }
    // A highlighted digit shows where it may still go: the empty cells whose marks hold it (or,
    // highlighting the bivalue cells, those with two marks).
    if let Some(digit) = play.highlighted_digit {
        let holds = palette.highlight(0.15);
        let tinted = |c: Cell| match digit {
            BIVALUE => game.marks(c).len() == 2,
            digit => game.marks(c).contains(digit),
        };
        for cell in (0..CELLS).filter(|&c| shown[c] == 0 && tinted(c)) {
            fill_cell(cr, &layout, cell, &holds)?;
        }
    }
    let emphasised = play.emphasised_digit();
    if let Some(digit) = emphasised {
        let same = palette.highlight(0.22);
        for cell in (0..CELLS).filter(|&c| shown[c] == digit) {
            fill_cell(cr, &layout, cell, &same)?;
        }
    }
    if let Some(selected) = play.selected {
        fill_cell(cr, &layout, selected, &palette.highlight(0.35))?;
    }
    // The cells the player coloured (the selected one a little towards the accent, to show
    // where it is).
    for cell in 0..CELLS {
        if let Some(tint) = palette.paint(game.paint(cell).cell(), 0.55) {
            let tint = if play.selected == Some(cell) {
                blend(&tint, &palette.accent, 0.3)
            } else {
                tint
            };
            fill_cell(cr, &layout, cell, &tint)?;
        }
    }

    // Where to look, tinted alike: a hint's area, the cell holding the digit that rules out
    // the mark a hint pointed at, and a script's step's cells.
    let area_tint = palette.tint(&palette.warning, 0.25);
    let told_by = play
        .told_ruled_out()
        .filter(|_| !play.solution_shown())
        .map(|(_, _, by)| by);
    let areas = play.hint.iter().flat_map(|hint| hint.area.iter().copied());
    let script_cells = play.script_step.iter().flat_map(|view| view.cells.iter().copied());
    for cell in areas.chain(told_by).chain(script_cells) {
        fill_cell(cr, &layout, cell, &area_tint)?;
    }

    // Conflicts in red behind the digits.
    if play.prefs.show_conflicts && !play.solution_shown() {
        let conflict = palette.tint(&palette.error, 0.22);
        for cell in game.conflicts().iter() {
            fill_cell(cr, &layout, cell, &conflict)?;
        }
    }

    if let Some((cell, _)) = play.strike_flash {
        fill_cell(cr, &layout, cell, &palette.tint(&palette.error, 0.35))?;
    }

    // Solver animation: the cell under consideration outlined.
    if let Some(animation) = &play.animation {
        if let Some((cell, backtracking)) = animation.focus {
            let (x, y) = layout.origin(cell);
            set_color(cr, if backtracking { &palette.error } else { &palette.success });
            cr.set_line_width((layout.cell / 12.0).max(2.0));
            cr.rectangle(x + 2.0, y + 2.0, layout.cell - 4.0, layout.cell - 4.0);
            cr.stroke()?;
        }
    }

    // Digits Solve put in: told apart from the player's (issue 15, point 12).
    let by_computer = game.cells_solved_by_computer();
    // Digits and pencil marks.
    // (Not while a hint's pattern is shown: its colours say what the marks are to it.)
    let selected_digit = emphasised.filter(|_| play.hint.as_ref().is_none_or(|h| h.stage < 2));
    // A fin (or a set's linking digit, or a rectangle's extra candidates) in the warning
    // colour, darkened towards the ink so that small digits stay legible.
    let fin = blend(&palette.warning, &palette.ink, 0.35);
    let big = layout.cell * 0.62;
    let small = layout.cell * 0.27;
    for cell in 0..CELLS {
        let (x, y) = layout.origin(cell);
        let digit = shown[cell];
        if digit != 0 {
            let given = game.is_given(cell);
            let told = play.is_told_wrong(cell) && !play.solution_shown();
            let struck = play.strike_flash.is_some_and(|(c, _)| c == cell);
            let wrong = struck || ((play.prefs.mark_wrong || told) && !given && game.solution()[cell] != digit);
            if told {
                // A digit a hint called wrong is ringed in red until it changes.
                ring_cell(cr, &layout, cell, &palette.error)?;
            }
            // A digit the animated Solve is trying: the search's, not the player's, right or
            // wrong (the outline says when it backtracks).
            let trying = play.animation.is_some() && game.value(cell) != digit;
            let color = if given {
                palette.ink
            } else if trying {
                palette.grey(0.45)
            } else if wrong {
                palette.error
            } else if (play.solution_shown() && game.value(cell) != digit) || by_computer.contains(cell) {
                // (The solution's digits where the player has none, or a wrong one.)
                palette.grey(0.45)
            } else {
                palette.accent
            };
            set_color(cr, &color);
            cr.select_font_face(
                "Cantarell",
                cairo::FontSlant::Normal,
                if given {
                    cairo::FontWeight::Bold
                } else {
                    cairo::FontWeight::Normal
                },
            );
            cr.set_font_size(big);
            centred_text(cr, &digit.to_string(), x + layout.cell / 2.0, y + layout.cell / 2.0)?;
            // A digit a hint placed carries a small dot in its corner.
            if play.hinted[cell] && !given && !play.solution_shown() {
                set_color(cr, &palette.warning);
                let r = (layout.cell / 14.0).max(2.0);
                cr.arc(x + layout.cell - 2.5 * r, y + 2.5 * r, r, 0.0, std::f64::consts::TAU);
                cr.fill()?;
            }
            continue;
        }
        let marks = game.marks(cell);
        if marks.is_empty() {
            continue;
        }
        cr.select_font_face("Cantarell", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
        cr.set_font_size(small);
        let ruled_out = play.ruled_out_marks(cell);
        let paint = game.paint(cell);
        for mark in marks.iter() {
            let (i, j) = (((mark - 1) % 3) as f64, ((mark - 1) / 3) as f64);
            // A mark the player coloured sits on a disc of its colour.
            let disc = palette.paint(paint.candidate(mark), 0.85);
            if let Some(disc) = disc {
                set_color(cr, &disc);
                cr.arc(
                    x + (i + 0.5) * layout.cell / 3.0,
                    y + (j + 0.5) * layout.cell / 3.0,
                    layout.cell / 6.6,
                    0.0,
                    std::f64::consts::TAU,
                );
                cr.fill()?;
            }
            let role = play.hint.as_ref().and_then(|h| h.role_of(cell, mark));
            let placed =
                play.hint.as_ref().is_some_and(|h| {
                    h.stage >= 2 && h.step.placements.iter().any(|p| p.cell == cell && p.digit == mark)
                }) || play
                    .script_step
                    .as_ref()
                    .is_some_and(|v| v.placements.contains(&(cell, mark)));
            let eliminated = play
                .script_step
                .as_ref()
                .is_some_and(|v| v.eliminations.contains(&(cell, mark)));
            let color = match role {
                // A digit about to be placed is green; candidates about to go are red.
                _ if placed => palette.success,
                _ if eliminated => palette.error,
                Some(Role::Target) => palette.error,
                Some(Role::Pattern) => palette.success,
                // A colouring's second colour, apart from the first (or an ALS step's third set).
                Some(Role::Alternate) => palette.accent,
                Some(Role::Fin) => fin,
                // A second chain's colours, or an ALS step's second and fourth sets'.
                Some(Role::SecondPattern) => palette.purple,
                Some(Role::SecondAlternate) => palette.brown,
                // A mark a digit in the same row, column or box rules out, as conflicts are.
                None if ruled_out.contains(mark) => palette.error,
                // On a disc, in the darker of paper and ink, to read on the light colour (bold
                // still where it is the emphasised digit).
                None if disc.is_some() => {
                    if palette.dark {
                        palette.paper
                    } else {
                        palette.ink
                    }
                }
                // The selected cell's (or the highlighted) digit, wherever it is still a mark.
                None if selected_digit == Some(mark) => palette.accent,
                None => palette.grey(0.6),
            };
            set_color(cr, &color);
            cr.select_font_face(
                "Cantarell",
                cairo::FontSlant::Normal,
                if role.is_none() && selected_digit == Some(mark) {
                    cairo::FontWeight::Bold
                } else {
                    cairo::FontWeight::Normal
                },
            );
            centred_text(
                cr,
                &mark.to_string(),
                x + (i + 0.5) * layout.cell / 3.0,
                y + (j + 0.5) * layout.cell / 3.0,
            )?;
        }
    }
    draw_grid(cr, layout, palette)?;
    if let Some(hint) = play.hint.as_ref().filter(|h| h.stage >= 2) {
        draw_proof(cr, &layout, play, hint, palette)?;
        // A chain's links over the pattern: strong links solid, weak links dashed.
        draw_links(cr, &layout, &hint.step.highlights.links, palette)?;
    }
    Ok(())
}

/// A hint's second stage beyond candidates: the cells that prove it ringed in green (the placed
/// digits that rule out the alternatives of a single), and a digit to be placed in an empty cell
/// without marks written small in green where it will go.
fn draw_proof(
    cr: &cairo::Context,
    layout: &Layout,
    play: &Play,
    hint: &HintView,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    for mark in hint.step.highlights.cells.iter().filter(|m| m.role == Role::Pattern) {
        ring_cell(cr, layout, mark.cell, &palette.success)?;
    }
    set_color(cr, &palette.success);
    cr.select_font_face("Cantarell", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(layout.cell * 0.4);
    for placement in &hint.step.placements {
        let cell = placement.cell;
        if play.game.value(cell) == 0 && play.game.marks(cell).is_empty() {
            let (x, y) = layout.origin(cell);
            centred_text(
                cr,
                &placement.digit.to_string(),
                x + layout.cell / 2.0,
                y + layout.cell / 2.0,
            )?;
        }
    }
    Ok(())
}

/// The centre of a candidate's place in its cell's mini grid.
fn candidate_point(layout: &Layout, cell: usize, digit: u8) -> (f64, f64) {
    let (x, y) = layout.origin(cell);
    let (i, j) = (((digit - 1) % 3) as f64, ((digit - 1) / 3) as f64);
    (x + (i + 0.5) * layout.cell / 3.0, y + (j + 0.5) * layout.cell / 3.0)
}

/// More links than a chain draws (the longest chains have 24): a net's.
const BUSY_LINKS: usize = 24;

/// Links as arrows between candidates, stopping short of the marks they join. A link longer
/// than a cell bows to its left (more the longer it is), so that links along one row or column,
/// as a net's from one candidate to several, and a link back the other way stay apart instead of
/// drawing over each other and over the marks between their ends.
fn draw_links(
    cr: &cairo::Context,
    layout: &Layout,
    links: &[crate::engine::logic::step::Link],
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let gap = layout.cell / 7.0;
    let width = (layout.cell / 22.0).max(1.5);
    // A net of many links (a forcing net's every implication) would hide its strong links, the
    // truths it derives, under the many weak ones: then the weak are drawn thinner and paler
    // (thinner only in high contrast), and every strong link over them.
    let busy = links.len() > BUSY_LINKS;
    let pale = busy && !palette.high_contrast;
    let weak = if pale {
        blend(&palette.paper, &palette.warning, 0.6)
    } else {
        palette.warning
    };
    let ordered = links
        .iter()
        .filter(|l| !l.strong)
        .chain(links.iter().filter(|l| l.strong));
    for link in ordered {
        cr.set_line_width(if busy && !link.strong { width * 0.7 } else { width });
        let (x0, y0) = candidate_point(layout, link.from.cell, link.from.digit);
        let (x1, y1) = candidate_point(layout, link.to.cell, link.to.digit);
        let length = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        if length <= 2.0 * gap {
            continue;
        }
        let (ux, uy) = ((x1 - x0) / length, (y1 - y0) / length);
        let bow = if length > layout.cell {
            (length * 0.12).min(layout.cell * 0.9)
        } else {
            0.0
        };
        // The curve's control point, off the middle to the left of the link's direction.
        let (qx, qy) = ((x0 + x1) / 2.0 + uy * bow, (y0 + y1) / 2.0 - ux * bow);
        let towards = |(fx, fy): (f64, f64), (tx, ty): (f64, f64)| {
            let d = ((tx - fx).powi(2) + (ty - fy).powi(2)).sqrt();
            ((tx - fx) / d, (ty - fy) / d)
        };
        // Each end stops short of its mark along the curve's tangent there.
        let (sx, sy) = towards((x0, y0), (qx, qy));
        let (ex, ey) = towards((qx, qy), (x1, y1));
        let (ax, ay) = (x0 + sx * gap, y0 + sy * gap);
        let (bx, by) = (x1 - ex * gap, y1 - ey * gap);
        set_color(cr, if link.strong { &palette.accent } else { &weak });
        cr.set_dash(if link.strong { &[] } else { &[4.0, 3.0] }, 0.0);
        cr.move_to(ax, ay);
        // The quadratic curve through (qx, qy), as cairo's cubic one.
        cr.curve_to(
            ax + 2.0 / 3.0 * (qx - ax),
            ay + 2.0 / 3.0 * (qy - ay),
            bx + 2.0 / 3.0 * (qx - bx),
            by + 2.0 / 3.0 * (qy - by),
            bx,
            by,
        );
        cr.stroke()?;
        // The arrowhead, along the curve's last direction.
        cr.set_dash(&[], 0.0);
        let head = gap * 0.8;
        cr.move_to(bx, by);
        cr.line_to(bx - head * (ex - ey * 0.5), by - head * (ey + ex * 0.5));
        cr.line_to(bx - head * (ex + ey * 0.5), by - head * (ey - ex * 0.5));
        cr.close_path();
        cr.fill()?;
    }
    Ok(())
}

/// The board before a puzzle is ready: paper and lines.
pub fn draw_empty(cr: &cairo::Context, layout: Layout, palette: &Palette) -> Result<(), cairo::Error> {
    set_color(cr, &palette.paper);
    cr.rectangle(layout.left, layout.top, layout.side(), layout.side());
    cr.fill()?;
    draw_grid(cr, layout, palette)
}

pub fn draw_grid(cr: &cairo::Context, layout: Layout, palette: &Palette) -> Result<(), cairo::Error> {
    let side = layout.side();
    let thin = (layout.cell / 40.0).max(1.0).round();
    let thick = (layout.cell / 14.0).max(2.0).round();
    // Cell lines first, then box lines over them, so no thin line notches a thick one.
    for i in (0..=9).filter(|i| i % 3 != 0).chain((0..=9).step_by(3)) {
        let box_line = i % 3 == 0;
        let width = if box_line { thick } else { thin };
        set_color(cr, &palette.grey(if box_line { 0.85 } else { 0.3 }));
        cr.set_line_width(width);
        // Offset odd widths by half a pixel so lines land on whole pixels.
        let offset = if width as i64 % 2 == 1 { 0.5 } else { 0.0 };
        let at = (i as f64 * layout.cell).round() + offset;
        // Box lines reach over the corners so the outer square closes; cell lines stop inside.
        let overhang = if box_line { thick / 2.0 } else { 0.0 };
        cr.move_to(layout.left + at, layout.top - overhang);
        cr.line_to(layout.left + at, layout.top + side + overhang);
        cr.move_to(layout.left - overhang, layout.top + at);
        cr.line_to(layout.left + side + overhang, layout.top + at);
        cr.stroke()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A palette of greys on white paper and black ink, for drawings read back pixel by pixel.
    fn grey_palette(high_contrast: bool) -> Palette {
        let grey = gdk::RGBA::new(0.5, 0.5, 0.5, 1.0);
        Palette {
            paper: gdk::RGBA::new(1.0, 1.0, 1.0, 1.0),
            ink: gdk::RGBA::new(0.0, 0.0, 0.0, 1.0),
            accent: grey,
            error: grey,
            success: grey,
            warning: grey,
            purple: grey,
            brown: grey,
            paints: paint_colours(),
            dark: false,
            high_contrast,
        }
    }

    /// What `draw` leaves on a white image surface `size` pixels square (no display needed):
    /// each pixel's (red, green, blue), row by row.
    fn render(size: usize, draw: impl FnOnce(&cairo::Context)) -> Vec<(u8, u8, u8)> {
        let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, size as i32, size as i32).unwrap();
        {
            let cr = cairo::Context::new(&surface).unwrap();
            cr.set_source_rgb(1.0, 1.0, 1.0);
            cr.paint().unwrap();
            draw(&cr);
        }
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        (0..size * size)
            .map(|i| {
                let at = (i / size) * stride + (i % size) * 4;
                (data[at + 2], data[at + 1], data[at])
            })
            .collect()
    }

    /// Grey levels of the empty board drawn on an image surface.
    fn render_empty(layout: Layout) -> (Vec<u8>, usize) {
        let size = (layout.left * 2.0 + layout.side()) as usize;
        let pixels = render(size, |cr| draw_empty(cr, layout, &grey_palette(false)).unwrap());
        (pixels.iter().map(|&(_, green, _)| green).collect(), size)
    }

    /// Links drawn on an empty image surface, with strong links pure blue and weak ones pure
    /// orange on white paper.
    fn render_links(links: &[crate::engine::logic::step::Link], high_contrast: bool) -> Vec<(u8, u8, u8)> {
        let layout = Layout {
            left: 10.0,
            top: 10.0,
            cell: 40.0,
        };
        let palette = Palette {
            accent: gdk::RGBA::new(0.0, 0.0, 1.0, 1.0),
            warning: gdk::RGBA::new(1.0, 0.5, 0.0, 1.0),
            ..grey_palette(high_contrast)
        };
        render(380, |cr| draw_links(cr, &layout, links, &palette).unwrap())
    }

    fn link(from: (usize, u8), to: (usize, u8), strong: bool) -> crate::engine::logic::step::Link {
        use crate::engine::logic::step::{CellDigit, Link};
        let node = |(cell, digit)| CellDigit { cell, digit };
        Link {
            from: node(from),
            to: node(to),
            strong,
        }
    }

    /// How orange the most orange pixel is (red less blue): 255 where a weak link is drawn in
    /// the warning colour itself.
    fn most_orange(pixels: &[(u8, u8, u8)]) -> i32 {
        pixels.iter().map(|&(r, _, b)| r as i32 - b as i32).max().unwrap()
    }

    #[test]
    fn a_busy_nets_strong_links_lie_over_its_pale_weak_ones() {
        // A strong and a weak link between the same candidates, the strong one listed first:
        // it is drawn over the weak one, which leaves no orange pixel.
        let pair = [link((40, 1), (49, 1), true), link((40, 1), (49, 1), false)];
        assert!(
            most_orange(&render_links(&pair, false)) < 128,
            "the weak link lies over the strong one"
        );
        // A chain's few weak links keep the warning colour.
        let chain: Vec<_> = (0..8).map(|i| link((i, 1), (i + 9, 1), false)).collect();
        assert!(most_orange(&render_links(&chain, false)) > 240);
        // A net's many are paler, except in high contrast.
        let net: Vec<_> = (0..2 * BUSY_LINKS)
            .map(|i| link((i % 72, 1 + (i / 72) as u8), (i % 72 + 9, 1), false))
            .collect();
        let pale = most_orange(&render_links(&net, false));
        assert!((100..=170).contains(&pale), "a busy net's weak links: {pale}");
        assert!(most_orange(&render_links(&net, true)) > 240, "paled in high contrast");
    }

    #[test]
    fn thin_lines_leave_the_thick_border_whole() {
        let layout = Layout::fit(400.0, 400.0);
        let (grey, size) = render_empty(layout);
        let thick = (layout.cell / 14.0).max(2.0).round() as usize;
        // The rows of the top border and the columns of the left one are equally dark along
        // their whole length (a cell line crossing them would leave a lighter notch).
        let top = layout.top.round() as usize;
        let left = layout.left.round() as usize;
        let side = layout.side() as usize;
        for row in top - thick / 2 + 1..top + thick / 2 {
            let line = &grey[row * size + left..row * size + left + side];
            let darkest = *line.iter().min().unwrap();
            assert!(line.iter().all(|&g| g == darkest), "row {row}: {line:?}");
        }
        for col in left - thick / 2 + 1..left + thick / 2 {
            let line: Vec<u8> = (top..top + side).map(|r| grey[r * size + col]).collect();
            let darkest = *line.iter().min().unwrap();
            assert!(line.iter().all(|&g| g == darkest), "column {col}");
        }
    }

    #[test]
    fn the_board_is_the_largest_centred_square() {
        let layout = Layout::fit(500.0, 300.0);
        assert_eq!(layout.cell, 32.0);
        assert_eq!(layout.top, 6.0);
        assert_eq!(layout.left, ((500.0 - 288.0) / 2.0_f64).floor());
        assert!(layout.top >= BORDER_ROOM && layout.left >= BORDER_ROOM);
        assert!(Layout::fit(0.0, 0.0).cell >= 1.0);
        // With coordinates: room for a half-cell strip on the left and at the top.
        let layout = Layout::fit_with(500.0, 300.0, true);
        assert_eq!(layout.cell, 30.0);
        assert!(layout.top >= 15.0 + BORDER_ROOM - 2.0 && layout.top + layout.side() <= 300.0);
        assert!(layout.left >= 15.0 && layout.left + layout.side() <= 500.0);
    }

    #[test]
    fn points_map_to_cells_and_candidates() {
        let layout = Layout {
            left: 10.0,
            top: 10.0,
            cell: 30.0,
        };
        assert_eq!(layout.cell_at(11.0, 11.0), Some(0));
        assert_eq!(layout.cell_at(10.0 + 30.0 * 8.5, 10.0 + 30.0 * 4.5), Some(4 * 9 + 8));
        assert_eq!(layout.cell_at(5.0, 50.0), None);
        assert_eq!(layout.cell_at(10.0 + 270.0, 50.0), None);
        // Top-left third of r1c1 is candidate 1, bottom-right third is 9, centre is 5.
        assert_eq!(layout.candidate_at(12.0, 12.0), Some(1));
        assert_eq!(layout.candidate_at(38.0, 38.0), Some(9));
        assert_eq!(layout.candidate_at(25.0, 25.0), Some(5));
    }
}
