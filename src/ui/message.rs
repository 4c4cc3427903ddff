//! The message line under the board: two lines, so the board keeps its size from message to
//! message; a longer message (a forcing net's or an ALS chain's explanation, a nested net's
//! inner contradictions each in a paragraph of its own, run together on the line) opens whole in
//! place when the line is clicked (the pointer over a line cut short says so) or on Ctrl+M
//! (`app.show-message`), the board giving it room, so that the text reads beside the pattern
//! it explains. A click, Ctrl+M, Escape or the next message closes it; closed, the tooltip
//! holds the whole text.

use std::rc::Rc;

use gtk::prelude::*;

use super::controller::Controller;

/// The most lines an opened message takes before it scrolls (and at most a third of the window).
const OPEN_LINES: i32 = 10;

impl Controller {
    /// Opens the whole message on a click of a line that cuts it short, and closes it on the next.
    pub(super) fn connect_message(self: &Rc<Self>) {
        let click = gtk::GestureClick::new();
        let this = Rc::downgrade(self);
        click.connect_released(move |_, _, _, _| {
            let Some(this) = this.upgrade() else { return };
            if this.message_open() {
                this.close_message();
            } else if this.message.layout().is_ellipsized() {
                this.show_whole_message();
            }
        });
        self.message.add_controller(click);
        // A pointer over a line cut short (or opened) says that a click opens (or closes) it.
        let motion = gtk::EventControllerMotion::new();
        let this = Rc::downgrade(self);
        motion.connect_enter(move |_, _, _| {
            let Some(this) = this.upgrade() else { return };
            let clickable = this.message_open() || this.message.layout().is_ellipsized();
            this.message.set_cursor_from_name(clickable.then_some("pointer"));
        });
        self.message.add_controller(motion);
    }

    /// Opens the whole message under the board (a keyboard's way to read what the line cuts
    /// short; a message the line shows whole reads the same opened), or closes it if open.
    pub(super) fn show_whole_message(&self) {
        if self.message_open() {
            self.close_message();
            return;
        }
        if self.message.label().is_empty() {
            return;
        }
        self.message.set_label(&self.message_text.borrow());
        self.message.set_lines(-1);
        self.message.set_ellipsize(gtk::pango::EllipsizeMode::None);
        self.message.set_justify(gtk::Justification::Left);
        self.message.set_xalign(0.0);
        // The board gives the text its room: the whole text, or as much as may be taken from the
        // board (the rest scrolls).
        let line = self.message_line_height();
        let room = (OPEN_LINES * line).min(self.window.height() / 3).max(2 * line);
        let (_, text, _, _) = self
            .message
            .measure(gtk::Orientation::Vertical, self.message_scroller.width());
        self.message_scroller
            .set_policy(gtk::PolicyType::Never, gtk::PolicyType::Automatic);
        // (The new height is never less than the two lines': the largest first.)
        self.message_scroller.set_max_content_height(text.min(room));
        self.message_scroller.set_min_content_height(text.min(room));
        // The text is on show: the tooltip would only repeat it over itself.
        self.message.set_has_tooltip(false);
    }

    /// Closes an opened message back to its two lines (the board takes its room back).
    pub(super) fn close_message(&self) {
        if !self.message_open() {
            return;
        }
        let whole = self.message_text.borrow();
        self.message
            .set_label(&crate::engine::logic::explanation::in_one_line(&whole));
        self.message.set_lines(2);
        self.message.set_ellipsize(gtk::pango::EllipsizeMode::End);
        self.message.set_justify(gtk::Justification::Center);
        self.message.set_xalign(0.5);
        self.message_scroller.vadjustment().set_value(0.0);
        self.message_scroller
            .set_policy(gtk::PolicyType::Never, gtk::PolicyType::Never);
        self.reserve_message_lines();
        self.message.set_has_tooltip(!self.message.label().is_empty());
    }

    /// Whether the message is open whole (its two-line limit lifted).
    pub(super) fn message_open(&self) -> bool {
        self.message.lines() != 2
    }

    /// The height of one line of the message, in pixels.
    pub(super) fn message_line_height(&self) -> i32 {
        let metrics = self.message.pango_context().metrics(None, None);
        ((metrics.height() as f64 / gtk::pango::SCALE as f64).ceil() as i32).max(1)
    }

    /// The whole message, while it is open (for the state file).
    pub(super) fn whole_message_shown(&self) -> Option<String> {
        self.message_open().then(|| self.message.text().to_string())
    }

    /// The top and bottom of the message's room, in surface pixels (for the state file).
    pub(super) fn message_box_on_surface(&self) -> Option<[f64; 2]> {
        let height = self.message_scroller.height() as f64;
        let (_, top) = self.message_scroller.translate_coordinates(&self.window, 0.0, 0.0)?;
        let (_, dy) = self.window.surface_transform();
        Some([top + dy, top + dy + height])
    }

    /// Whether some of the message is out of sight: cut short, or beyond its room (for the
    /// state file).
    pub(super) fn message_cut(&self) -> bool {
        let room = self.message_scroller.vadjustment();
        self.message.layout().is_ellipsized() || room.upper() > room.page_size() + 1.0
    }

    /// The middle of the message line, in surface pixels (for the state file).
    pub(super) fn message_on_surface(&self) -> Option<[f64; 2]> {
        let (width, height) = (self.message.width() as f64, self.message.height() as f64);
        let (x, y) = self
            .message
            .translate_coordinates(&self.window, width / 2.0, height / 2.0)?;
        let (dx, dy) = self.window.surface_transform();
        Some([x + dx, y + dy])
    }
}
