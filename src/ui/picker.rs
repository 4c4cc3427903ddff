//! The number picker: a popover over the clicked cell with the digits 1–9 in a 3×3 grid and a
//! Clear button, for playing with the mouse alone. It enters digits or, in pencil mode, toggles
//! pencil marks; the digit keys work while it is open.

use std::rc::Rc;

use gtk::prelude::*;
use gtk::{gdk, glib};

use crate::engine::grid::Digit;

/// What the picker asks for: a digit (1–9) or clearing the cell (0).
pub type Pick = Rc<dyn Fn(Digit)>;

pub struct Picker {
    pub popover: gtk::Popover,
    title: gtk::Label,
}

/// Closes the popover a button is in.
fn close(button: &gtk::Button) {
    if let Some(popover) = button
        .ancestor(gtk::Popover::static_type())
        .and_downcast::<gtk::Popover>()
    {
        popover.popdown();
    }
}

impl Picker {
    pub fn new(parent: &impl IsA<gtk::Widget>, pick: Pick) -> Picker {
        let grid = gtk::Grid::builder().row_spacing(4).column_spacing(4).build();
        for digit in 1..=9u8 {
            let button = gtk::Button::with_label(&digit.to_string());
            button.add_css_class("picker-digit");
            button.set_tooltip_text(Some(&format!("Enter {digit}")));
            let pick = pick.clone();
            button.connect_clicked(move |button| {
                pick(digit);
                close(button);
            });
            let index = i32::from(digit - 1);
            grid.attach(&button, index % 3, index / 3, 1, 1);
        }
        let clear = gtk::Button::with_label("Clear");
        clear.add_css_class("flat");
        {
            let pick = pick.clone();
            clear.connect_clicked(move |button| {
                pick(0);
                close(button);
            });
        }
        grid.attach(&clear, 0, 3, 3, 1);
        let title = gtk::Label::new(None);
        title.add_css_class("dim-label");
        title.add_css_class("caption");
        let content = gtk::Box::new(gtk::Orientation::Vertical, 6);
        content.append(&title);
        content.append(&grid);
        let popover = gtk::Popover::builder().child(&content).has_arrow(true).build();
        popover.set_parent(parent);

        // Digit keys pick while the popover has the focus.
        let keys = gtk::EventControllerKey::new();
        let weak = popover.downgrade();
        keys.connect_key_pressed(move |_, key, _, _| {
            let digit = key.to_unicode().and_then(|c| c.to_digit(10));
            let Some(digit) = digit else {
                return glib::Propagation::Proceed;
            };
            pick(digit as Digit);
            if let Some(popover) = weak.upgrade() {
                popover.popdown();
            }
            glib::Propagation::Stop
        });
        popover.add_controller(keys);
        Picker { popover, title }
    }

    /// Opens the picker pointing at a rectangle of the board.
    pub fn show_at(&self, rect: gdk::Rectangle, marks: bool) {
        self.title.set_label(if marks { "Pencil marks" } else { "Digit" });
        self.popover.set_pointing_to(Some(&rect));
        self.popover.popup();
    }
}
