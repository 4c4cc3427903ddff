//! The digit pad under the board: a button per digit that enters it into the selected cell (or
//! toggles its mark in pencil mode), showing how many of that digit are still to place, and
//! insensitive once all nine are on the board.

use std::rc::Rc;

use gtk::prelude::*;

use crate::engine::grid::{Digit, CELLS};

pub struct DigitPad {
    buttons: Vec<(gtk::Button, gtk::Label)>,
}

impl DigitPad {
    /// Fills `container` with the nine buttons; `press` gets the digit pressed.
    pub fn new(container: &gtk::Box, press: Rc<dyn Fn(Digit)>) -> DigitPad {
        let buttons = (1..=9u8)
            .map(|digit| {
                let number = gtk::Label::builder()
                    .label(digit.to_string())
                    .css_classes(["title-3"])
                    .build();
                let left = gtk::Label::builder().css_classes(["caption", "dim-label"]).build();
                let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
                content.append(&number);
                content.append(&left);
                let button = gtk::Button::builder()
                    .child(&content)
                    .css_classes(["flat", "digit"])
                    .focus_on_click(false)
                    .build();
                let press = press.clone();
                button.connect_clicked(move |_| press(digit));
                container.append(&button);
                (button, left)
            })
            .collect();
        DigitPad { buttons }
    }

    /// Shows how many of each digit are left to place among these values.
    pub fn update(&self, values: &[Digit; CELLS]) {
        for (index, (button, left)) in self.buttons.iter().enumerate() {
            let digit = index as Digit + 1;
            let placed = values.iter().filter(|&&v| v == digit).count();
            let remaining = 9usize.saturating_sub(placed);
            let text = remaining.to_string();
            if left.label() != text {
                left.set_label(&text);
                let tip = crate::i18n::fill(
                    &crate::i18n::ngettext(
                        "{digit}: {n} left to place",
                        "{digit}: {n} left to place",
                        remaining as u32,
                    ),
                    &[("digit", &digit), ("n", &remaining)],
                );
                button.set_tooltip_text(Some(&tip));
                crate::ui::set_accessible(button, gtk::AccessibleProperty::Label, &tip);
            }
            if button.is_sensitive() != (remaining > 0) {
                button.set_sensitive(remaining > 0);
            }
        }
    }

    /// How many of each digit the pad shows as left (for the state file of GUI tests).
    pub fn remaining(&self) -> Vec<String> {
        self.buttons.iter().map(|(_, left)| left.label().to_string()).collect()
    }
}
