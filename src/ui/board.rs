//! The board view: a square 9×9 grid drawn with cairo, centred and scaled to the drawing area,
//! in the theme's colours so it reads right in light and dark mode.

use gtk::prelude::*;
use gtk::{cairo, gdk};

/// Geometry of the board inside a drawing area of a given size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub left: f64,
    pub top: f64,
    pub cell: f64,
}

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

    pub fn side(&self) -> f64 {
        self.cell * 9.0
    }
}

/// Space kept around the board so its thick outer border is never clipped.
const BORDER_ROOM: f64 = 4.0;

pub fn attach(area: &gtk::DrawingArea) {
    area.set_draw_func(|area, cr, width, height| {
        // Cairo errors leave the frame unfinished; nothing better can be done inside a draw call.
        let _ = draw(area, cr, Layout::fit(width as f64, height as f64));
    });
    let style = adw::StyleManager::default();
    let weak = area.downgrade();
    style.connect_dark_notify(move |_| {
        if let Some(area) = weak.upgrade() {
            area.queue_draw();
        }
    });
}

fn set_color(cr: &cairo::Context, color: &gdk::RGBA) {
    cr.set_source_rgba(
        color.red() as f64,
        color.green() as f64,
        color.blue() as f64,
        color.alpha() as f64,
    );
}

/// An opaque colour `amount` of the way from `base` to `ink`: crossing lines drawn with it leave
/// no darker spots where they overlap.
fn blend(base: &gdk::RGBA, ink: &gdk::RGBA, amount: f32) -> gdk::RGBA {
    let mix = |a: f32, b: f32| a + (b - a) * amount;
    gdk::RGBA::new(
        mix(base.red(), ink.red()),
        mix(base.green(), ink.green()),
        mix(base.blue(), ink.blue()),
        1.0,
    )
}

#[allow(deprecated)] // StyleContext::color is the way to read the foreground colour on GTK 4.8.
fn draw(area: &gtk::DrawingArea, cr: &cairo::Context, layout: Layout) -> Result<(), cairo::Error> {
    let foreground = area.style_context().color();
    let dark = adw::StyleManager::default().is_dark();
    let paper = if dark {
        gdk::RGBA::new(0.19, 0.19, 0.21, 1.0)
    } else {
        gdk::RGBA::new(1.0, 1.0, 1.0, 1.0)
    };
    let side = layout.side();

    set_color(cr, &paper);
    cr.rectangle(layout.left, layout.top, side, side);
    cr.fill()?;

    let thin = (layout.cell / 40.0).max(1.0).round();
    let thick = (layout.cell / 14.0).max(2.0).round();
    for i in 0..=9 {
        let box_line = i % 3 == 0;
        let width = if box_line { thick } else { thin };
        set_color(cr, &blend(&paper, &foreground, if box_line { 0.85 } else { 0.3 }));
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

    #[test]
    fn the_board_is_the_largest_centred_square() {
        let layout = Layout::fit(500.0, 300.0);
        assert_eq!(layout.cell, 32.0);
        assert_eq!(layout.top, 6.0);
        assert_eq!(layout.left, ((500.0 - 288.0) / 2.0_f64).floor());
        assert!(layout.top >= BORDER_ROOM && layout.left >= BORDER_ROOM);
        assert!(Layout::fit(0.0, 0.0).cell >= 1.0);
    }
}
