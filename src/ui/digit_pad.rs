//! The digit pad under the board: a button per digit that enters it into the selected cell (or
//! toggles its mark in pencil mode), showing how many of that digit are still to place, and
//! insensitive once all nine are on the board. A right-click or a long press on a digit
//! highlights it on the board (its number then in the accent colour). Playing digit first, a
//! click does that too: the digit highlighted is in hand, for the clicks on the board. While
//! colouring, the buttons are tinted with the colour in hand, and colour the selected cell's
//! pencil marks.

use std::rc::Rc;

use gtk::gdk;
use gtk::prelude::*;

use crate::engine::grid::{Digit, CELLS};

pub struct DigitPad {
    buttons: Vec<(gtk::Button, gtk::Label)>,
    /// What a right-click or long press does (highlight a digit), for [`DigitPad::highlight_at`].
    highlight: Rc<dyn Fn(Digit)>,
    numbers: Vec<gtk::Label>,
    /// The colour in hand while colouring (0: none), which the buttons' descriptions tell.
    colouring: std::cell::Cell<u8>,
    /// Whether a click takes the digit in hand (the Digit First preference), which they tell too.
    digit_first: std::cell::Cell<bool>,
}

impl DigitPad {
    /// Fills `container` with the nine buttons; `press` gets the digit pressed, `highlight` the
    /// digit right-clicked or long-pressed.
    pub fn new(container: &gtk::Box, press: Rc<dyn Fn(Digit)>, highlight: Rc<dyn Fn(Digit)>) -> DigitPad {
        let mut numbers = Vec::new();
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
                let right_click = gtk::GestureClick::builder().button(gdk::BUTTON_SECONDARY).build();
                let on_right_click = highlight.clone();
                right_click.connect_pressed(move |gesture, _, _, _| {
                    gesture.set_state(gtk::EventSequenceState::Claimed);
                    on_right_click(digit);
                });
                button.add_controller(right_click);
                // A long press does the same on a touch screen (and with a held mouse button):
                // claimed, so the button's own click (entering the digit) is cancelled.
                let long_press = gtk::GestureLongPress::new();
                let on_long_press = highlight.clone();
                long_press.connect_pressed(move |gesture, _, _| {
                    gesture.set_state(gtk::EventSequenceState::Claimed);
                    on_long_press(digit);
                });
                button.add_controller(long_press);
                container.append(&button);
                numbers.push(number);
                (button, left)
            })
            .collect();
        DigitPad {
            buttons,
            highlight,
            numbers,
            colouring: std::cell::Cell::new(0),
            digit_first: std::cell::Cell::new(false),
        }
    }

    /// Whether a click takes the digit in hand (Digit First) rather than entering it: the
    /// buttons' tooltips and descriptions say which.
    pub fn set_digit_first(&self, on: bool) {
        if self.digit_first.replace(on) != on {
            (0..self.buttons.len()).for_each(|index| self.redescribe(index));
        }
    }

    /// Shows which digit is highlighted on the board: its number in the accent colour, and its
    /// button's tooltip and description (what a screen reader reads) saying so.
    pub fn show_highlighted(&self, digit: Option<Digit>) {
        for (index, number) in self.numbers.iter().enumerate() {
            let on = digit == Some(index as Digit + 1);
            if number.has_css_class("accent") != on {
                if on {
                    number.add_css_class("accent");
                } else {
                    number.remove_css_class("accent");
                }
                self.redescribe(index);
            }
        }
    }

    /// Shows the colour in hand while colouring (the pad then colours the selected cell's
    /// pencil marks): each button tinted with it; none for 0.
    pub fn show_colouring(&self, colour: u8) {
        let class = format!("paint-{colour}");
        let changed = self.colouring.replace(colour) != colour;
        for (index, (button, _)) in self.buttons.iter().enumerate() {
            for old in (1..=crate::engine::game::COLOURS).map(|c| format!("paint-{c}")) {
                if old != class && button.has_css_class(&old) {
                    button.remove_css_class(&old);
                }
            }
            if colour != 0 && !button.has_css_class(&class) {
                button.add_css_class(&class);
            }
            if changed {
                self.redescribe(index);
            }
        }
    }

    /// Button `index`'s tooltip and descriptions, from what the pad shows: the count left, the
    /// highlight, the colour in hand.
    fn redescribe(&self, index: usize) {
        let (button, left) = &self.buttons[index];
        let highlighted = self.numbers[index].has_css_class("accent");
        let remaining = left.label().parse().unwrap_or(0);
        let how = How {
            highlighted,
            colouring: self.colouring.get(),
            digit_first: self.digit_first.get(),
        };
        describe(button, index as Digit + 1, remaining, how);
    }

    /// The colour the pad shows in hand, 0 for none (for the state file of GUI tests): read
    /// from the buttons' tint.
    pub fn colouring(&self) -> u8 {
        let classes = self.buttons.first().map(|(b, _)| b.css_classes()).unwrap_or_default();
        classes
            .iter()
            .find_map(|c| c.strip_prefix("paint-").and_then(|n| n.parse().ok()))
            .unwrap_or(0)
    }

    /// The first button's tooltip (for the state file of GUI tests).
    pub fn tooltip(&self) -> Option<String> {
        self.buttons
            .first()
            .and_then(|(b, _)| b.tooltip_text())
            .map(String::from)
    }

    /// The digit shown as highlighted (for the state file of GUI tests).
    pub fn highlighted(&self) -> Option<Digit> {
        let index = self.numbers.iter().position(|n| n.has_css_class("accent"))?;
        Some(index as Digit + 1)
    }

    /// A right-click that reached `target` (a widget the pointer was on) without the pad
    /// getting it: on a digit's button, the digit is highlighted. Whether it was on one. (A left
    /// click there is the button's own click, which any button takes the same way.)
    pub fn highlight_at(&self, target: &gtk::Widget) -> bool {
        let Some(index) = self
            .buttons
            .iter()
            .position(|(button, _)| target == button.upcast_ref::<gtk::Widget>() || target.is_ancestor(button))
        else {
            return false;
        };
        (self.highlight)(index as Digit + 1);
        true
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
                self.redescribe(index);
            }
            if button.is_sensitive() != (remaining > 0) {
                button.set_sensitive(remaining > 0);
            }
        }
    }

    /// The middle of each digit's button in `window`'s coordinates (for the state file of GUI
    /// tests, to click them).
    pub fn centres(&self, window: &impl IsA<gtk::Widget>) -> Vec<Option<[f32; 2]>> {
        let middle = |b: &gtk::Button| gtk::graphene::Point::new(b.width() as f32 / 2.0, b.height() as f32 / 2.0);
        self.buttons
            .iter()
            .map(|(button, _)| button.compute_point(window, &middle(button)).map(|p| [p.x(), p.y()]))
            .collect()
    }

    /// Each digit's button as [x, y, width, height] in `window`'s coordinates (for the state file
    /// of GUI tests: what covers the pad, and where its edges are).
    pub fn bounds(&self, window: &impl IsA<gtk::Widget>) -> Vec<Option<[f32; 4]>> {
        self.buttons
            .iter()
            .map(|(button, _)| {
                button
                    .compute_bounds(window)
                    .map(|r| [r.x(), r.y(), r.width(), r.height()])
            })
            .collect()
    }

    /// How many of each digit the pad shows as left (for the state file of GUI tests).
    pub fn remaining(&self) -> Vec<String> {
        self.buttons.iter().map(|(_, left)| left.label().to_string()).collect()
    }
}

/// What a pad button does besides counting, as its description tells.
struct How {
    /// Its digit is highlighted (in hand, playing digit first).
    highlighted: bool,
    /// The colour in hand (0: none), which a click gives the selected cell's pencil mark.
    colouring: u8,
    /// A click takes the digit in hand rather than entering it.
    digit_first: bool,
}

/// A pad button's tooltip, accessible label (how many are left to place) and description (what
/// a click does, how to highlight the digit, or that it is).
fn describe(button: &gtk::Button, digit: Digit, remaining: usize, how: How) {
    let left = crate::i18n::fill(
        &crate::i18n::ngettext(
            "{digit}: {n} left to place",
            "{digit}: {n} left to place",
            remaining as u32,
        ),
        &[("digit", &digit), ("n", &remaining)],
    );
    let mut text = crate::i18n::fill(
        &match (how.digit_first, how.highlighted) {
            (true, true) => {
                crate::i18n::gettext("{digit} is in hand: a click on a cell places it; a click here puts it down")
            }
            (true, false) => {
                crate::i18n::gettext("A click takes {digit} in hand, to place it with a click on each cell it goes in")
            }
            (false, true) => crate::i18n::gettext("Every {digit} is highlighted; a right-click or Alt+{digit} ends it"),
            (false, false) => crate::i18n::gettext("A right-click or Alt+{digit} highlights every {digit}"),
        },
        &[("digit", &digit)],
    );
    if how.colouring != 0 {
        let colours = crate::i18n::fill(
            &crate::i18n::gettext("Colours the selected cell's pencil mark {digit} {colour}"),
            &[
                ("digit", &digit),
                ("colour", &super::colouring::colour_name(how.colouring)),
            ],
        );
        text = format!("{colours}\n{text}");
    }
    button.set_tooltip_text(Some(&format!("{left}\n{text}")));
    crate::ui::set_accessible(button, gtk::AccessibleProperty::Label, &left);
    crate::ui::set_accessible(button, gtk::AccessibleProperty::Description, &text);
}
