//! Input on the board: clicks (select, mark, the digit picker), and keys through one pure function
//! from a key and its modifiers to a command ([`command_for`], tested without a display), then
//! applied to the play state.

use std::rc::Rc;
use std::time::Instant;

use adw::prelude::*;
use gtk::{gdk, glib};

use super::board;
use super::controller::Controller;
use super::picker::Picker;
use crate::engine::game::Status;
use crate::engine::grid::Digit;

/// What a click on the board does.
enum Click {
    Select,
    Mark(Digit),
    Picker {
        marks: bool,
    },
    /// Digit first: the digit in hand placed, marked or taken out ([`Play::place_in_hand`]).
    ///
    /// [`Play::place_in_hand`]: super::play::Play::place_in_hand
    InHand,
    /// Colouring: the pencil mark under the pointer, or the cell (0).
    Colour(Digit),
}

impl Controller {
    pub(super) fn connect_board(self: &Rc<Self>) {
        // The window opens with the focus on the board, where the keys play (and a screen reader
        // reads the selected cell at once; GTK gave no widget the focus until one was clicked).
        GtkWindowExt::set_focus(&self.window, Some(&self.area));
        let this = Rc::downgrade(self);
        self.area.set_draw_func(move |_, cr, width, height| {
            let Some(this) = this.upgrade() else { return };
            let layout = this.layout_for(width as f64, height as f64);
            let palette = board::palette(&this.area);
            let began = Instant::now();
            let play = this.play.borrow();
            // A cairo error leaves the frame unfinished; nothing better can be done mid-draw.
            if let Some(entry) = this.entry.borrow().as_ref() {
                let _ = super::entry::draw(cr, layout, entry, &palette);
                return;
            }
            let _ = match play.as_ref() {
                Some(play) => board::draw(cr, layout, play, &palette),
                None => board::draw_empty(cr, layout, &palette),
            };
            this.timing.borrow_mut().drew(began.elapsed());
        });

        let click = gtk::GestureClick::builder().button(0).build();
        let this = Rc::downgrade(self);
        click.connect_pressed(move |gesture, _, x, y| {
            if let Some(this) = this.upgrade() {
                let touch = gesture
                    .current_event_device()
                    .is_some_and(|device| device.source() == gdk::InputSource::Touchscreen);
                this.click_board(x, y, gesture.current_button(), touch);
            }
        });
        self.area.add_controller(click);

        // A click on the pause page resumes.
        let resume = gtk::GestureClick::new();
        let this = Rc::downgrade(self);
        resume.connect_released(move |_, _, _, _| {
            if let Some(this) = this.upgrade() {
                this.set_paused(false);
            }
        });
        self.pause_page.add_controller(resume);

        let keys = gtk::EventControllerKey::new();
        let this = Rc::downgrade(self);
        keys.connect_key_pressed(move |_, key, _, state| match this.upgrade() {
            Some(this) if this.key(key, state) => glib::Propagation::Stop,
            _ => glib::Propagation::Proceed,
        });
        self.window.add_controller(keys);

        // The board's colours follow the style: light or dark, and high contrast.
        let style = adw::StyleManager::default();
        for property in ["dark", "high-contrast"] {
            let area = self.area.downgrade();
            style.connect_notify_local(Some(property), move |_, _| {
                if let Some(area) = area.upgrade() {
                    area.queue_draw();
                }
            });
        }
    }

    /// A press of `button` at (x, y) on the board (`touch`: by a touch): selects the cell, and
    /// opens the number picker there, marks a mark in pencil mode, places the digit in hand, or
    /// colours (see [`Click`]).
    fn click_board(self: &Rc<Self>, x: f64, y: f64, button: u32, touch: bool) {
        self.area.grab_focus();
        let layout = self.layout_for(self.area.width() as f64, self.area.height() as f64);
        if self.entry_click(layout.cell_at(x, y)) {
            return;
        }
        let Some(cell) = layout.cell_at(x, y) else { return };
        let choice = self.with_play(|play| {
            let again = play.selected == Some(cell);
            play.selected = Some(cell);
            // Colouring: the mark under the pointer takes the colour in hand, else the cell
            // (a given's too); the right button still opens the marks' picker.
            if play.colouring != 0 && button != gdk::BUTTON_SECONDARY && play.animation.is_none() {
                let mark = layout
                    .candidate_at(x, y)
                    .filter(|&d| play.game.value(cell) == 0 && play.game.marks(cell).contains(d));
                return Click::Colour(mark.unwrap_or(0));
            }
            let open = !play.game.is_given(cell) && play.animation.is_none() && !play.solution_shown() && !play.paused;
            if !open || play.game.status() != Status::Playing {
                return Click::Select;
            }
            if button == gdk::BUTTON_SECONDARY {
                return Click::Picker { marks: true };
            }
            if play.digit_in_hand().is_some() {
                return Click::InHand;
            }
            // In pencil mode a click on an empty selected cell toggles the mark under it.
            if play.pencil && play.game.value(cell) == 0 {
                return match (again, layout.candidate_at(x, y)) {
                    (true, Some(digit)) => Click::Mark(digit),
                    _ => Click::Select,
                };
            }
            Click::Picker { marks: false }
        });
        match choice {
            Some(Click::Colour(digit)) => self.colour_at(cell, digit),
            Some(Click::Mark(digit)) => {
                let result = self.with_play(|play| play.press_digit(digit, true));
                if let Some(result) = result {
                    self.report(result);
                }
            }
            Some(Click::InHand) => {
                if let Some(result) = self.with_play(|play| play.place_in_hand()).flatten() {
                    self.report(result);
                }
            }
            Some(Click::Picker { marks }) => {
                let (left, top) = layout.origin(cell);
                let rect = gdk::Rectangle::new(left as i32, top as i32, layout.cell as i32, layout.cell as i32);
                if let Some(picker) = self.picker.borrow().as_ref() {
                    picker.show_at(rect, marks, touch);
                }
            }
            _ => {}
        }
        self.refresh();
    }

    /// The number picker was closed by a press outside it (which GTK's popover takes for
    /// itself): a press on the play surface acts there as if the picker had not been open. On
    /// another cell of the board, that cell is selected (so the next digit typed goes there, not
    /// into the cell the picker was open on); held with the right button on a pad digit, the
    /// digit is highlighted; elsewhere (a pad digit's button too) see [`press_through`].
    fn click_past_picker(self: &Rc<Self>) {
        let Some((x, y, buttons)) = self.pointer_in_window() else {
            return;
        };
        let secondary = buttons.contains(gdk::ModifierType::BUTTON3_MASK);
        let Some(target) = self.window.pick(x, y, gtk::PickFlags::DEFAULT) else {
            return;
        };
        if target == *self.area.upcast_ref::<gtk::Widget>() {
            #[allow(deprecated)] // translate_coordinates is the GTK 4.8 way.
            let Some((x, y)) = self.window.translate_coordinates(&self.area, x, y) else {
                return;
            };
            let layout = self.layout_for(self.area.width() as f64, self.area.height() as f64);
            let Some(cell) = layout.cell_at(x, y) else { return };
            if self.with_play(|play| play.selected == Some(cell)).unwrap_or(true) {
                return; // On the picker's own cell, a press only closes it.
            }
            let button = if secondary {
                gdk::BUTTON_SECONDARY
            } else {
                gdk::BUTTON_PRIMARY
            };
            self.click_board(x, y, button, false);
        } else if !(secondary
            && self
                .digit_pad
                .borrow()
                .as_ref()
                .is_some_and(|pad| pad.highlight_at(&target)))
        {
            press_through(&target, x, y, secondary, &self.window);
        }
    }

    /// Where the pointer is, in the window's coordinates, and which buttons are down (none
    /// while the board is hidden or the window inactive: no press of the player's then).
    fn pointer_in_window(&self) -> Option<(f64, f64, gdk::ModifierType)> {
        if !self.area.is_mapped() || !self.window.is_active() {
            return None;
        }
        let surface = self.window.surface()?;
        let pointer = WidgetExt::display(&self.window).default_seat()?.pointer()?;
        let (sx, sy, buttons) = surface.device_position(&pointer)?;
        let (dx, dy) = self.window.surface_transform();
        Some((sx - dx, sy - dy, buttons))
    }

    /// The digit pad under the board enters digits like the keys do (marks in pencil mode), or,
    /// playing digit first, takes one in hand.
    pub(super) fn connect_digit_pad(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        let container = self.window.parts().digit_pad.get();
        let highlighter = Rc::downgrade(self);
        let pad = super::digit_pad::DigitPad::new(
            &container,
            Rc::new(move |digit| {
                let Some(this) = this.upgrade() else { return };
                if this.entry_digit(digit) {
                    return;
                }
                // Paused, a click on the pad resumes, as a key or a click on the page does, and
                // does nothing else.
                if this.with_play(|play| play.paused) == Some(true) {
                    return this.set_paused(false);
                }
                // Digit first (and not colouring): the pad takes a digit in hand, or puts it down.
                if this.with_play(|play| play.prefs.digit_first && play.colouring == 0) == Some(true) {
                    return this.highlight_digit(digit);
                }
                this.press_digit(digit, false);
            }),
            Rc::new(move |digit| {
                if let Some(this) = highlighter.upgrade() {
                    this.highlight_digit(digit);
                }
            }),
        );
        pad.set_digit_first(self.settings.prefs().digit_first);
        self.digit_pad.replace(Some(pad));
    }

    /// The number picker enters digits into (or toggles marks of) the selected cell.
    pub(super) fn connect_picker(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        let shown = Rc::downgrade(self);
        let elsewhere = Rc::downgrade(self);
        let board = Rc::downgrade(self);
        let picker = Picker::new(
            &self.area,
            Rc::new(move |digit, marks| {
                let Some(this) = this.upgrade() else { return };
                let result = this.with_play(|play| match digit {
                    0 => play.clear_selected(),
                    digit => play.press_digit(digit, marks),
                });
                if let Some(result) = result {
                    this.report(result);
                }
            }),
            Rc::new(move || {
                let this = shown.upgrade()?;
                this.with_play(|play| play.selected.map(|cell| (play.game.value(cell), play.game.marks(cell))))
                    .flatten()
            }),
            Rc::new(move || {
                if let Some(this) = elsewhere.upgrade() {
                    this.click_past_picker();
                }
            }),
            Rc::new(move |key, modifiers| {
                board
                    .upgrade()
                    .is_some_and(|this| this.run_shortcut(key, modifiers) || this.key(key, modifiers))
            }),
        );
        self.picker.replace(Some(picker));
    }

    /// Runs the app's shortcut for a key, if it has one and its action is enabled; returns
    /// whether it did. For keys typed where GTK's own shortcuts do not reach (the picker's
    /// popover).
    fn run_shortcut(&self, key: gdk::Key, state: gdk::ModifierType) -> bool {
        let Some(app) = self.window.application() else {
            return false;
        };
        let accel = gtk::accelerator_name(key.to_lower(), state & gtk::accelerator_get_default_mod_mask());
        app.actions_for_accel(&accel).iter().any(|detailed| {
            let Ok((name, target)) = gtk::gio::Action::parse_detailed_name(detailed) else {
                return false;
            };
            name.strip_prefix("app.")
                .is_some_and(|name| self.activate_app_action(name, target.as_ref()))
        })
    }

    /// Activates the app's action `name` (with `target`) if it is enabled; returns whether it did.
    fn activate_app_action(&self, name: &str, target: Option<&glib::Variant>) -> bool {
        let Some(app) = self.window.application() else {
            return false;
        };
        let enabled = app.lookup_action(name).is_some_and(|action| action.is_enabled());
        if enabled {
            app.activate_action(name, target);
        }
        enabled
    }

    /// Handles a key press; returns whether it was used.
    pub(super) fn key(self: &Rc<Self>, key: gdk::Key, state: gdk::ModifierType) -> bool {
        if self.entry_key(key, state) {
            return true;
        }
        let command = command_for(key, state);
        // Paste and copy are the app's commands, paused or not.
        match command {
            Some(KeyCommand::PastePuzzle) => return self.activate_app_action("paste", None),
            Some(KeyCommand::CopyPuzzle) => return self.activate_app_action("copy-puzzle", None),
            _ => {}
        }
        // While paused, any key that means something (or Enter, or Space) resumes.
        let paused = self.with_play(|play| play.paused).unwrap_or(false);
        if paused && (command.is_some() || [gdk::Key::Return, gdk::Key::KP_Enter, gdk::Key::space].contains(&key)) {
            self.set_paused(false);
            return true;
        }
        let Some(command) = command else {
            return false;
        };
        match command {
            // (Taken above, before a pause could take the key.)
            KeyCommand::PastePuzzle | KeyCommand::CopyPuzzle => {}
            KeyCommand::Digit { digit, control } => self.press_digit(digit, control),
            KeyCommand::ColourCell => {
                let selected = self.with_play(|play| play.selected.filter(|_| play.colouring != 0));
                match selected.flatten() {
                    Some(cell) => self.colour_at(cell, 0),
                    None => return false,
                }
            }
            KeyCommand::ToggleColouring => self.toggle_colouring(),
            KeyCommand::NextColour => self.next_colour(),
            KeyCommand::Move { rows, cols } => {
                self.with_play(|play| play.move_selection(rows, cols));
                self.refresh();
            }
            KeyCommand::Jump { rows, cols } => {
                self.with_play(|play| play.jump_selection(rows, cols));
                self.refresh();
            }
            KeyCommand::Step { forward } => {
                self.with_play(|play| play.step_selection(forward));
                self.refresh();
            }
            KeyCommand::Clear => {
                if let Some(result) = self.with_play(|play| play.clear_selected()) {
                    self.report(result);
                }
            }
            KeyCommand::TogglePencil => {
                self.toggle_pencil();
            }
            KeyCommand::Escape if self.message_open() => {
                // An opened message closes first; the hint it explains stays.
                self.close_message();
            }
            KeyCommand::Escape => {
                // With nothing else to dismiss, Escape ends a highlighted digit, then puts
                // colouring down.
                let (highlighted, colouring) = self
                    .with_play(|play| {
                        let busy = play.animation.is_some() || play.hint.is_some() || play.solution_shown();
                        (play.highlighted_digit.is_some() && !busy, play.colouring != 0 && !busy)
                    })
                    .unwrap_or_default();
                if highlighted {
                    self.highlight_digit(0);
                    return true;
                }
                if colouring {
                    self.set_colouring(0);
                    return true;
                }
                self.stop_animation();
                self.with_play(|play| play.drop_hint());
                // Escape hides the solution too (issue 15, point 12).
                if self.with_play(|play| play.solution_shown()).unwrap_or(false) {
                    self.set_solution_shown(false);
                    self.set_action_state("show-solution", false);
                }
                self.refresh();
            }
        }
        true
    }

    /// A digit from a key or the digit pad: entered, or a pencil mark toggled (in pencil mode, or
    /// with `mark`), or, while colouring, that pencil mark of the selected cell coloured.
    fn press_digit(self: &Rc<Self>, digit: Digit, mark: bool) {
        let colouring = self.with_play(|play| play.colouring != 0 && !mark) == Some(true);
        let Some(result) = self.with_play(|play| play.press_digit(digit, mark)) else {
            return;
        };
        if colouring {
            self.report_colouring(result);
        } else {
            self.report(result);
        }
    }
}

/// A press the number picker took, handed to what it was on outside the board and the pad (at
/// (x, y) in `window`): a button (the header's Hint, Pencil Mode, Undo…) is clicked, with the
/// left button; a text view (the Lab's editor) takes the focus with its cursor there, and
/// anything else that can take the focus takes it, so that what is typed next goes there and
/// not into the board's cell.
fn press_through(target: &gtk::Widget, x: f64, y: f64, secondary: bool, window: &impl IsA<gtk::Widget>) {
    if let Some(button) = self_or_ancestor::<gtk::Button>(target) {
        if !secondary && button.is_sensitive() {
            button.emit_clicked();
        }
        return;
    }
    if let Some(view) = self_or_ancestor::<gtk::TextView>(target) {
        view.grab_focus();
        #[allow(deprecated)] // translate_coordinates is the GTK 4.8 way.
        if let Some((vx, vy)) = window.translate_coordinates(&view, x, y) {
            let (bx, by) = view.window_to_buffer_coords(gtk::TextWindowType::Widget, vx as i32, vy as i32);
            // Past the end of a line (or under the last), its end, as a click there would.
            let place = view.iter_at_location(bx, by).unwrap_or_else(|| {
                let (mut line, _) = view.line_at_y(by);
                if bx > 0 && !line.ends_line() {
                    line.forward_to_line_end();
                }
                line
            });
            view.buffer().place_cursor(&place);
        }
        return;
    }
    let mut widget = Some(target.clone());
    while let Some(w) = widget {
        if w.is_focusable() && w.can_focus() && w.is_sensitive() {
            w.grab_focus();
            return;
        }
        widget = w.parent();
    }
}

/// `widget` itself if it is a `T`, else its nearest ancestor that is.
fn self_or_ancestor<T: IsA<gtk::Widget>>(widget: &gtk::Widget) -> Option<T> {
    widget
        .downcast_ref::<T>()
        .cloned()
        .or_else(|| widget.ancestor(T::static_type()).and_downcast())
}

/// What a key on the board asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCommand {
    /// A digit (Ctrl held: as a pencil mark whatever the mode).
    Digit {
        digit: u8,
        control: bool,
    },
    /// Move the selection.
    Move {
        rows: i32,
        cols: i32,
    },
    /// The nearest empty cell that way.
    Jump {
        rows: i32,
        cols: i32,
    },
    /// The next (or previous) empty cell.
    Step {
        forward: bool,
    },
    /// Empty the selected cell.
    Clear,
    TogglePencil,
    /// Space: colour the selected cell, while colouring.
    ColourCell,
    /// C: take up colouring (the colour last used), or put it down.
    ToggleColouring,
    /// Shift+C: the next colour.
    NextColour,
    /// Stop an animation, drop a hint.
    Escape,
    /// Ctrl+V: Paste Puzzle, as HoDoKu and Sudoku Explainer take it (the menu's Ctrl+Shift+V).
    PastePuzzle,
    /// Ctrl+C: Copy Puzzle, the givens (the menu's Ctrl+Shift+C).
    CopyPuzzle,
}

/// The command for a key with its modifiers, or `None` when the board does not take it (Ctrl+Z
/// and the other accelerators belong to the application). Digits come from the top row and the
/// keypad, with or without Num Lock; arrows and WASD move, Ctrl+arrows jump to the nearest empty
/// cell that way; Tab steps to the next empty cell; P toggles pencil mode; C takes up or puts
/// down colouring and Shift+C takes the next colour, Space colouring the selected cell; Ctrl+V
/// and Ctrl+C paste and copy a puzzle (where a text field has the focus, they stay its own).
pub fn command_for(key: gdk::Key, state: gdk::ModifierType) -> Option<KeyCommand> {
    let control = state.contains(gdk::ModifierType::CONTROL_MASK);
    let keypad = [
        (gdk::Key::KP_1, gdk::Key::KP_End),
        (gdk::Key::KP_2, gdk::Key::KP_Down),
        (gdk::Key::KP_3, gdk::Key::KP_Page_Down),
        (gdk::Key::KP_4, gdk::Key::KP_Left),
        (gdk::Key::KP_5, gdk::Key::KP_Begin),
        (gdk::Key::KP_6, gdk::Key::KP_Right),
        (gdk::Key::KP_7, gdk::Key::KP_Home),
        (gdk::Key::KP_8, gdk::Key::KP_Up),
        (gdk::Key::KP_9, gdk::Key::KP_Page_Up),
    ];
    let digit = keypad
        .iter()
        .position(|&(number, other)| key == number || key == other)
        .map(|i| i as u8 + 1)
        .or_else(|| {
            key.to_unicode()
                .and_then(|c| c.to_digit(10))
                .filter(|&d| d >= 1)
                .map(|d| d as u8)
        });
    if let Some(digit) = digit {
        // Alt+digit highlights the digit: an accelerator of the application's.
        if state.contains(gdk::ModifierType::ALT_MASK) {
            return None;
        }
        return Some(KeyCommand::Digit { digit, control });
    }
    // Alt+0 highlights the cells with two pencil marks: an accelerator of the application's.
    let zero = [gdk::Key::_0, gdk::Key::KP_0, gdk::Key::KP_Insert].contains(&key);
    if zero && state.contains(gdk::ModifierType::ALT_MASK) {
        return None;
    }
    if control {
        let jump = |rows, cols| Some(KeyCommand::Jump { rows, cols });
        return match key {
            gdk::Key::Up => jump(-1, 0),
            gdk::Key::Down => jump(1, 0),
            gdk::Key::Left => jump(0, -1),
            gdk::Key::Right => jump(0, 1),
            _ if state.contains(gdk::ModifierType::SHIFT_MASK) => None,
            gdk::Key::v | gdk::Key::V => Some(KeyCommand::PastePuzzle),
            gdk::Key::c | gdk::Key::C => Some(KeyCommand::CopyPuzzle),
            _ => None,
        };
    }
    let moved = |rows, cols| Some(KeyCommand::Move { rows, cols });
    match key {
        gdk::Key::Up | gdk::Key::w | gdk::Key::W => moved(-1, 0),
        gdk::Key::Down | gdk::Key::s | gdk::Key::S => moved(1, 0),
        gdk::Key::Left | gdk::Key::a | gdk::Key::A => moved(0, -1),
        gdk::Key::Right | gdk::Key::d | gdk::Key::D => moved(0, 1),
        gdk::Key::Tab | gdk::Key::ISO_Left_Tab => Some(KeyCommand::Step {
            forward: key == gdk::Key::Tab && !state.contains(gdk::ModifierType::SHIFT_MASK),
        }),
        gdk::Key::Delete | gdk::Key::BackSpace | gdk::Key::_0 | gdk::Key::KP_0 | gdk::Key::KP_Delete => {
            Some(KeyCommand::Clear)
        }
        gdk::Key::p | gdk::Key::P => Some(KeyCommand::TogglePencil),
        gdk::Key::C if state.contains(gdk::ModifierType::SHIFT_MASK) => Some(KeyCommand::NextColour),
        gdk::Key::c | gdk::Key::C => Some(KeyCommand::ToggleColouring),
        gdk::Key::space => Some(KeyCommand::ColourCell),
        gdk::Key::Escape => Some(KeyCommand::Escape),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: gdk::ModifierType = gdk::ModifierType::empty();

    #[test]
    fn digits_from_the_top_row_and_the_keypad_either_way() {
        for (key, digit) in [
            (gdk::Key::_5, 5),
            (gdk::Key::KP_5, 5),
            (gdk::Key::KP_Begin, 5),
            (gdk::Key::KP_Page_Up, 9),
        ] {
            assert_eq!(
                command_for(key, NONE),
                Some(KeyCommand::Digit { digit, control: false }),
                "{key:?}"
            );
        }
        assert_eq!(
            command_for(gdk::Key::_3, gdk::ModifierType::CONTROL_MASK),
            Some(KeyCommand::Digit {
                digit: 3,
                control: true
            })
        );
    }

    #[test]
    fn moves_steps_and_the_rest() {
        assert_eq!(
            command_for(gdk::Key::Up, NONE),
            Some(KeyCommand::Move { rows: -1, cols: 0 })
        );
        assert_eq!(
            command_for(gdk::Key::d, NONE),
            Some(KeyCommand::Move { rows: 0, cols: 1 })
        );
        assert_eq!(
            command_for(gdk::Key::Tab, NONE),
            Some(KeyCommand::Step { forward: true })
        );
        assert_eq!(
            command_for(gdk::Key::Tab, gdk::ModifierType::SHIFT_MASK),
            Some(KeyCommand::Step { forward: false })
        );
        assert_eq!(
            command_for(gdk::Key::ISO_Left_Tab, NONE),
            Some(KeyCommand::Step { forward: false })
        );
        assert_eq!(command_for(gdk::Key::_0, NONE), Some(KeyCommand::Clear));
        assert_eq!(command_for(gdk::Key::BackSpace, NONE), Some(KeyCommand::Clear));
        assert_eq!(command_for(gdk::Key::P, NONE), Some(KeyCommand::TogglePencil));
        assert_eq!(command_for(gdk::Key::Escape, NONE), Some(KeyCommand::Escape));
        assert_eq!(command_for(gdk::Key::c, NONE), Some(KeyCommand::ToggleColouring));
        // Caps Lock gives C without Shift: still C.
        assert_eq!(command_for(gdk::Key::C, NONE), Some(KeyCommand::ToggleColouring));
        assert_eq!(
            command_for(gdk::Key::C, gdk::ModifierType::SHIFT_MASK),
            Some(KeyCommand::NextColour)
        );
        assert_eq!(command_for(gdk::Key::space, NONE), Some(KeyCommand::ColourCell));
        let control = gdk::ModifierType::CONTROL_MASK;
        assert_eq!(command_for(gdk::Key::v, control), Some(KeyCommand::PastePuzzle));
        assert_eq!(command_for(gdk::Key::c, control), Some(KeyCommand::CopyPuzzle));
        // Caps Lock: the same.
        assert_eq!(command_for(gdk::Key::V, control), Some(KeyCommand::PastePuzzle));
        assert_eq!(
            command_for(gdk::Key::Up, gdk::ModifierType::CONTROL_MASK),
            Some(KeyCommand::Jump { rows: -1, cols: 0 })
        );
        assert_eq!(
            command_for(gdk::Key::Right, gdk::ModifierType::CONTROL_MASK),
            Some(KeyCommand::Jump { rows: 0, cols: 1 })
        );
    }

    #[test]
    fn accelerators_and_unknown_keys_are_left_to_others() {
        assert_eq!(command_for(gdk::Key::z, gdk::ModifierType::CONTROL_MASK), None);
        // Ctrl+Shift+V and Ctrl+Shift+C are the menu's accelerators for the same commands.
        let control_shift = gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::SHIFT_MASK;
        assert_eq!(command_for(gdk::Key::V, control_shift), None);
        assert_eq!(command_for(gdk::Key::C, control_shift), None);
        assert_eq!(command_for(gdk::Key::w, gdk::ModifierType::CONTROL_MASK), None);
        assert_eq!(command_for(gdk::Key::q, NONE), None);
        assert_eq!(command_for(gdk::Key::F1, NONE), None);
        // Alt+digit is the application's: it highlights the digit.
        assert_eq!(command_for(gdk::Key::_5, gdk::ModifierType::ALT_MASK), None);
        assert_eq!(command_for(gdk::Key::KP_5, gdk::ModifierType::ALT_MASK), None);
        // Alt+0 too: it highlights the cells with two pencil marks (0 alone clears the cell).
        assert_eq!(command_for(gdk::Key::_0, gdk::ModifierType::ALT_MASK), None);
        assert_eq!(command_for(gdk::Key::KP_Insert, gdk::ModifierType::ALT_MASK), None);
    }
}
