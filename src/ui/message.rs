//! The message line under the board: two lines at most, so the board never moves, and a longer
//! message (a forcing net's or an ALS chain's explanation) whole in a popover when the line is
//! clicked (the pointer over a line cut short says so) or on Ctrl+M (`app.show-message`), as well
//! as in the tooltip.

use std::rc::Rc;

use gtk::prelude::*;

use super::controller::Controller;

impl Controller {
    /// Opens the whole message on a click of the line, when the line cuts it short.
    pub(super) fn connect_message(self: &Rc<Self>) {
        let whole = gtk::Label::builder()
            .wrap(true)
            .max_width_chars(60)
            .xalign(0.0)
            .margin_start(6)
            .margin_end(6)
            .margin_top(6)
            .margin_bottom(6)
            .build();
        self.message_popover.set_child(Some(&whole));
        self.message_popover.set_position(gtk::PositionType::Top);
        self.message_popover.set_parent(&self.message);
        // A popover is unparented by hand before its parent goes.
        let popover = self.message_popover.clone();
        self.message.connect_destroy(move |_| popover.unparent());
        let click = gtk::GestureClick::new();
        let this = Rc::downgrade(self);
        click.connect_released(move |_, _, _, _| {
            let Some(this) = this.upgrade() else { return };
            if this.message.layout().is_ellipsized() {
                this.show_whole_message();
            }
        });
        self.message.add_controller(click);
        // A pointer over a line cut short says that it opens.
        let motion = gtk::EventControllerMotion::new();
        let this = Rc::downgrade(self);
        motion.connect_enter(move |_, _, _| {
            let Some(this) = this.upgrade() else { return };
            let cut = this.message.layout().is_ellipsized();
            this.message.set_cursor_from_name(cut.then_some("pointer"));
        });
        self.message.add_controller(motion);
        // The tooltip would only repeat the open popover's text over it.
        let message = self.message.clone();
        self.message_popover
            .connect_closed(move |_| message.set_has_tooltip(!message.label().is_empty()));
    }

    /// Opens the whole message in its popover (a keyboard's way to read what the line cuts
    /// short; a message the line shows whole reads the same there), if there is one.
    pub(super) fn show_whole_message(&self) {
        let text = self.message.label();
        let Some(whole) = self.whole_message_label().filter(|_| !text.is_empty()) else {
            return;
        };
        whole.set_text(&text);
        self.message.set_has_tooltip(false);
        self.message_popover.popup();
    }

    /// The popover's label (set up by [`Controller::connect_message`]).
    fn whole_message_label(&self) -> Option<gtk::Label> {
        self.message_popover.child()?.downcast::<gtk::Label>().ok()
    }

    /// The whole message, while its popover is open (for the state file).
    pub(super) fn whole_message_shown(&self) -> Option<String> {
        let whole = self.whole_message_label()?;
        self.message_popover.is_visible().then(|| whole.text().to_string())
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
