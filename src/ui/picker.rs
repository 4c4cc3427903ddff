//! The number picker: a popover over the clicked cell with the digits 1–9 in a 3×3 grid and a
//! Clear button, for playing with the mouse alone. Its buttons are toggles that show the cell:
//! the digit it holds or, in pencil mode, each pencil mark it has. Entering a digit closes it;
//! toggling marks keeps it open so several marks can be set in a row. The digit keys work while it
//! is open, and Delete or Backspace clears; other keys (P, C, Ctrl with a digit, the app's
//! shortcuts…) are handed on ([`OtherKey`]) and close it once used, its own (arrows, Tab,
//! Space, Enter, Escape) stay with it. A press outside it closes it and is handed on
//! ([`Elsewhere`]) to what it was aimed at, as GTK's popover keeps that press from reaching it.

use std::cell::Cell as StdCell;
use std::rc::Rc;

use gtk::prelude::*;
use gtk::{gdk, glib};

use crate::engine::grid::{Candidates, Digit};
use crate::i18n::{fill, gettext};

/// What the picker asks for: a digit (1–9) or clearing the cell (0), and whether as a pencil mark.
pub type Pick = Rc<dyn Fn(Digit, bool)>;

/// What the picked cell shows now, for the toggles: its digit (0 if empty) and its marks.
pub type Shown = Rc<dyn Fn() -> Option<(Digit, Candidates)>>;

/// What to do once a press outside the picker has closed it (GTK's popover takes that press
/// for itself, so nothing under the pointer gets it).
pub type Elsewhere = Rc<dyn Fn()>;

/// What to do with a key typed while the picker is open that is not its own (neither reaches the
/// board nor the app's shortcuts from its popover); returns whether it was used.
pub type OtherKey = Rc<dyn Fn(gdk::Key, gdk::ModifierType) -> bool>;

/// The keys a popover moves among and presses its buttons with.
const OWN_KEYS: [gdk::Key; 10] = [
    gdk::Key::Up,
    gdk::Key::Down,
    gdk::Key::Left,
    gdk::Key::Right,
    gdk::Key::Tab,
    gdk::Key::ISO_Left_Tab,
    gdk::Key::space,
    gdk::Key::Return,
    gdk::Key::KP_Enter,
    gdk::Key::Escape,
];

pub struct Picker {
    pub popover: gtk::Popover,
    title: gtk::Label,
    state: Rc<State>,
}

struct State {
    digits: Vec<gtk::ToggleButton>,
    marks: StdCell<bool>,
    shown: Shown,
    /// Set while the picker closes itself (a digit or Clear) or a key is handled: a close
    /// then is no press elsewhere.
    closing: StdCell<bool>,
    /// Whether a touch opened it: a touch likely closes it too, and where a touch was the
    /// pointer does not tell (on Wayland it stays where the mouse left it), so such a close is
    /// not handed on.
    touched: StdCell<bool>,
}

impl State {
    /// Sets every toggle to what the cell shows (the digit, or the marks in pencil mode).
    fn sync(&self) {
        let (value, marks) = (self.shown)().unwrap_or((0, Candidates::NONE));
        let pencil = self.marks.get();
        for (index, button) in self.digits.iter().enumerate() {
            let digit = index as Digit + 1;
            button.set_active(if pencil {
                value == 0 && marks.contains(digit)
            } else {
                value == digit
            });
        }
    }
}

impl Picker {
    pub fn new(
        parent: &impl IsA<gtk::Widget>,
        pick: Pick,
        shown: Shown,
        elsewhere: Elsewhere,
        other_key: OtherKey,
    ) -> Picker {
        let grid = gtk::Grid::builder().row_spacing(4).column_spacing(4).build();
        let digits: Vec<gtk::ToggleButton> = (1..=9u8)
            .map(|digit| {
                let button = gtk::ToggleButton::with_label(&digit.to_string());
                button.add_css_class("picker-digit");
                let index = i32::from(digit - 1);
                grid.attach(&button, index % 3, index / 3, 1, 1);
                button
            })
            .collect();
        let clear = gtk::Button::with_label(&gettext("Clear"));
        clear.add_css_class("flat");
        grid.attach(&clear, 0, 3, 3, 1);
        let title = gtk::Label::new(None);
        title.add_css_class("dim-label");
        title.add_css_class("caption");
        let content = gtk::Box::new(gtk::Orientation::Vertical, 6);
        content.append(&title);
        content.append(&grid);
        let popover = gtk::Popover::builder().child(&content).has_arrow(true).build();
        popover.set_parent(parent);
        // The board is no container: the popover leaves with it (else GTK warns, finalizing a
        // board that still has a child).
        {
            let popover = popover.downgrade();
            parent.as_ref().connect_destroy(move |_| {
                if let Some(popover) = popover.upgrade() {
                    popover.unparent();
                }
            });
        }
        let state = Rc::new(State {
            digits,
            marks: StdCell::new(false),
            shown,
            closing: StdCell::new(false),
            touched: StdCell::new(false),
        });

        // One way to pick for buttons and keys: marks keep the picker open (showing the new
        // marks), a digit or Clear closes it.
        let choose: Rc<dyn Fn(Digit)> = {
            let state = Rc::downgrade(&state);
            let popover = popover.downgrade();
            Rc::new(move |digit| {
                let (Some(state), Some(popover)) = (state.upgrade(), popover.upgrade()) else {
                    return;
                };
                pick(digit, state.marks.get());
                if state.marks.get() && digit != 0 {
                    state.sync();
                } else {
                    state.closing.set(true);
                    popover.popdown();
                    state.closing.set(false);
                }
            })
        };
        for (index, button) in state.digits.iter().enumerate() {
            let choose = choose.clone();
            // "clicked" is the user's press; the toggle's own state is then set from the cell.
            button.connect_clicked(move |_| choose(index as Digit + 1));
        }
        {
            let choose = choose.clone();
            clear.connect_clicked(move |_| choose(0));
        }

        // The digit keys pick; Delete and Backspace clear, as they do on the board. Keys typed in
        // the popover reach neither the board's keys nor the app's shortcuts: the others are
        // handed on, and close the picker once used (which is no press elsewhere: see `keyed`).
        let keys = gtk::EventControllerKey::new();
        {
            let popover = popover.downgrade();
            keys.connect_key_pressed(move |_, key, _, modifiers| {
                let clear = [gdk::Key::Delete, gdk::Key::KP_Delete, gdk::Key::BackSpace].contains(&key);
                let held = modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK);
                match key.to_unicode().and_then(|c| c.to_digit(10)) {
                    Some(digit) if !held => choose(digit as Digit),
                    None if clear && !held => choose(0),
                    _ if OWN_KEYS.contains(&key) => return glib::Propagation::Proceed,
                    _ if other_key(key, modifiers) => {
                        if let Some(popover) = popover.upgrade() {
                            popover.popdown();
                        }
                    }
                    _ => return glib::Propagation::Proceed,
                }
                glib::Propagation::Stop
            });
        }
        popover.add_controller(keys);

        // A key closes the picker (Escape) or runs a shortcut (which may close it): seen first,
        // before the popover's own handling, and for as long as the key is being handled.
        let keyed = gtk::EventControllerKey::new();
        keyed.set_propagation_phase(gtk::PropagationPhase::Capture);
        {
            let state = Rc::downgrade(&state);
            keyed.connect_key_pressed(move |_, _, _, _| {
                if let Some(state) = state.upgrade() {
                    state.closing.set(true);
                    let state = Rc::downgrade(&state);
                    glib::idle_add_local_once(move || {
                        if let Some(state) = state.upgrade() {
                            state.closing.set(false);
                        }
                    });
                }
                glib::Propagation::Proceed
            });
        }
        popover.add_controller(keyed);
        {
            let state = Rc::downgrade(&state);
            popover.connect_closed(move |_| {
                if state
                    .upgrade()
                    .is_some_and(|state| !state.closing.get() && !state.touched.get())
                {
                    // Once the popover is gone, and the press it took has been handled.
                    let elsewhere = elsewhere.clone();
                    glib::idle_add_local_once(move || elsewhere());
                }
            });
        }
        Picker { popover, title, state }
    }

    /// Opens the picker pointing at a rectangle of the board, for digits or for pencil marks;
    /// `touch`: opened by a touch (not a mouse or touchpad).
    pub fn show_at(&self, rect: gdk::Rectangle, marks: bool, touch: bool) {
        self.state.touched.set(touch);
        self.title.set_label(&if marks {
            gettext("Pencil marks")
        } else {
            gettext("Digit")
        });
        self.state.marks.set(marks);
        for (index, button) in self.state.digits.iter().enumerate() {
            let digit = index + 1;
            let tip = if marks {
                fill(&gettext("Toggle pencil mark {digit}"), &[("digit", &digit)])
            } else {
                fill(&gettext("Enter {digit}"), &[("digit", &digit)])
            };
            button.set_tooltip_text(Some(&tip));
        }
        self.state.sync();
        self.popover.set_pointing_to(Some(&rect));
        self.popover.popup();
    }

    /// While open: the digits whose toggles are down, e.g. "147" (for the test probe).
    pub fn showing(&self) -> Option<String> {
        self.popover.is_visible().then(|| {
            let active = self.state.digits.iter().enumerate().filter(|(_, b)| b.is_active());
            active.map(|(index, _)| char::from(b'1' + index as u8)).collect()
        })
    }
}
