//! The message line under the board: two lines, so the board keeps its size from message to
//! message; a longer message (a forcing net's or an ALS chain's explanation, a nested net's
//! inner contradictions each in a paragraph of its own, run together on the line) opens whole in
//! place when the line is clicked (the pointer over a line cut short says so) or on Ctrl+M
//! (`app.show-message`), the board giving it room, so that the text reads beside the pattern
//! it explains. A click, Ctrl+M, Escape or the next message closes it; closed, the tooltip of a
//! line cut short holds the whole text (a line shown whole has none, which would repeat it). A
//! hint's technique is named as a link to its section of the help, as SudokuWiki links each
//! strategy it names (Shift+F1 from the keyboard).

use std::cell::Cell;
use std::rc::Rc;

use gtk::glib;
use gtk::prelude::*;

use super::controller::Controller;
use crate::engine::logic::Technique;
use crate::i18n::{fill, gettext};

/// The scheme of the message's links to the help (`nonet-help:techniques#fish`): the app opens
/// them itself, never a browser.
const HELP_LINK: &str = "nonet-help:";

/// The most lines an opened message takes before it scrolls (and at most a third of the window).
const OPEN_LINES: i32 = 10;

impl Controller {
    /// Opens the whole message on a click of a line that cuts it short, and closes it on the next.
    pub(super) fn connect_message(self: &Rc<Self>) {
        // A technique's name opens the help at it (and the click does no more).
        let followed = Rc::new(Cell::new(false));
        let this = Rc::downgrade(self);
        let link_followed = followed.clone();
        self.message.connect_activate_link(move |_, uri| {
            let Some(page) = help_page(uri) else {
                return glib::Propagation::Proceed;
            };
            link_followed.set(true);
            if let Some(this) = this.upgrade() {
                this.show_help(Some(page));
            }
            glib::Propagation::Stop
        });
        let click = gtk::GestureClick::new();
        let this = Rc::downgrade(self);
        click.connect_released(move |_, _, _, _| {
            // (After the label's own handling of the click, which may follow a link.)
            let (this, followed) = (this.clone(), followed.clone());
            glib::idle_add_local_once(move || {
                let Some(this) = this.upgrade() else { return };
                if followed.take() {
                    return;
                }
                if this.message_open() {
                    this.close_message();
                } else if this.message.layout().is_ellipsized() {
                    this.show_whole_message();
                }
            });
        });
        self.message.add_controller(click);
        // A pointer over a line cut short (or opened) says that a click opens (or closes) it.
        // (The line's room has that cursor: the label sets its own over a link and none
        // elsewhere, which leaves the room's.)
        let motion = gtk::EventControllerMotion::new();
        let this = Rc::downgrade(self);
        motion.connect_enter(move |_, _, _| {
            let Some(this) = this.upgrade() else { return };
            let clickable = this.message_open() || this.message.layout().is_ellipsized();
            this.message_scroller
                .set_cursor_from_name(clickable.then_some("pointer"));
        });
        self.message.add_controller(motion);
        // The whole text over a line cut short; over a link, the link's own title.
        let this = Rc::downgrade(self);
        self.message.connect_query_tooltip(move |_, x, y, _, tooltip| {
            let Some(this) = this.upgrade() else {
                return false;
            };
            let Some(text) = this.message_tooltip().filter(|_| !this.link_at(x, y)) else {
                return false;
            };
            tooltip.set_text(Some(&text));
            true
        });
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
        self.show_message_text(&self.message_text.borrow());
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
        self.show_message_text(&crate::engine::logic::explanation::in_one_line(&whole));
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

    /// Puts `text` (the message, whole or on one line) on the message line, the name of the
    /// technique it tells of, if any, as a link to the help.
    pub(super) fn show_message_text(&self, text: &str) {
        self.message
            .set_markup(&linked_markup(text, self.message_technique.get()));
        // (A label with a link takes the focus; the board keeps it, as F1 opens the help.)
        self.message.set_focusable(false);
    }

    /// The message's link to the help, if any: its address, and the middle of its first
    /// letter in surface pixels (for the state file).
    pub(super) fn message_link_on_surface(&self) -> Option<(String, [f64; 2])> {
        let technique = self.message_technique.get()?;
        let text = self.message.text();
        let (at, _) = named_at(&text, technique)?;
        let letter = self.message.layout().index_to_pos(at as i32);
        let scale = gtk::pango::SCALE as f64;
        let (dx, dy) = self.message.layout_offsets();
        let x = dx as f64 + (letter.x() as f64 + letter.width() as f64 / 2.0) / scale;
        let y = dy as f64 + (letter.y() as f64 + letter.height() as f64 / 2.0) / scale;
        let (x, y) = self.message.translate_coordinates(&self.window, x, y)?;
        let (sx, sy) = self.window.surface_transform();
        Some((help_link(technique), [x + sx, y + sy]))
    }

    /// Opens the help at the technique the message names (its link's page), or at the
    /// techniques when it names none (`app.technique-help`, Shift+F1).
    pub(super) fn show_technique_help(&self) {
        let page = self.message_technique.get().map(technique_page);
        self.show_help(Some(page.as_deref().unwrap_or("techniques")));
    }

    /// What the message line's tooltip shows: the whole message, when the line cuts it short
    /// (a line shown whole has none, which would only repeat it).
    pub(super) fn message_tooltip(&self) -> Option<String> {
        let cut = self.message.has_tooltip() && self.message.layout().is_ellipsized();
        cut.then(|| tooltip_lines(&self.message_text.borrow()))
    }

    /// Whether the message's link (a hint's technique) is at (x, y) on the line.
    fn link_at(&self, x: i32, y: i32) -> bool {
        let Some(technique) = self.message_technique.get() else {
            return false;
        };
        let Some((at, len)) = named_at(&self.message.text(), technique) else {
            return false;
        };
        let (dx, dy) = self.message.layout_offsets();
        let scale = gtk::pango::SCALE;
        let (inside, index, _) = self.message.layout().xy_to_index((x - dx) * scale, (y - dy) * scale);
        inside && (at..at + len).contains(&(index as usize))
    }

    /// Whether the message is open whole (its two-line limit lifted).
    pub(super) fn message_open(&self) -> bool {
        self.message.lines() != 2
    }

    /// The height of one line of the message, in pixels.
    pub(super) fn message_line_height(&self) -> i32 {
        super::line_height(&self.message)
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

/// The longest line of the message's tooltip, in characters, and the most lines it shows.
const TOOLTIP_WIDTH: usize = 90;
const TOOLTIP_LINES: usize = 16;

/// The whole message as its tooltip shows it: each paragraph wrapped at word breaks (GTK's
/// tooltips do not wrap, and a forcing net's paragraphs ran past the screen's edge), at most
/// sixteen lines (the rest marked, for a click on the line to show).
fn tooltip_lines(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > TOOLTIP_WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    if lines.len() > TOOLTIP_LINES {
        lines.truncate(TOOLTIP_LINES);
        lines[TOOLTIP_LINES - 1].push('…');
    }
    lines.join("\n")
}

/// A message (or a step's explanation) as markup: the text as it is, but for the first mention
/// of the technique's name (as a title, or in lower case after an article: "a hidden single"),
/// linked to its family's section of the help.
pub(super) fn linked_markup(text: &str, technique: Option<Technique>) -> String {
    let escape = |text: &str| glib::markup_escape_text(text).to_string();
    let Some((technique, (at, len))) = technique.and_then(|t| Some((t, named_at(text, t)?))) else {
        return escape(text);
    };
    let name = super::names::technique_name(technique);
    let title = fill(&gettext("Read about {technique} in the help"), &[("technique", &name)]);
    format!(
        "{}<a href=\"{}\" title=\"{}\">{}</a>{}",
        escape(&text[..at]),
        help_link(technique),
        escape(&title),
        escape(&text[at..at + len]),
        escape(&text[at + len..]),
    )
}

/// Where the text first names the technique (as a title, or in lower case after an article),
/// and how long the name is, in bytes.
fn named_at(text: &str, technique: Technique) -> Option<(usize, usize)> {
    let name = super::names::technique_name(technique);
    [name.to_lowercase(), name]
        .iter()
        .filter_map(|written| text.find(written.as_str()).map(|at| (at, written.len())))
        .min()
}

/// The page of the help (`techniques#fish`) a link of [`linked_markup`] leads to.
pub(super) fn help_page(uri: &str) -> Option<&str> {
    uri.strip_prefix(HELP_LINK)
}

/// The address of the technique's section of the help, as the message links to it.
fn help_link(technique: Technique) -> String {
    format!("{HELP_LINK}{}", technique_page(technique))
}

/// The page of the help on the technique: its family's section of the technique reference.
pub(super) fn technique_page(technique: Technique) -> String {
    format!("techniques#{}", technique.family().id())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_technique_is_linked_where_it_is_first_named() {
        let markup = linked_markup(
            "Look at box 4: a hidden single <here> & there",
            Some(Technique::HiddenSingle),
        );
        assert!(
            markup.starts_with("Look at box 4: a <a href=\"nonet-help:techniques#singles\" title=\""),
            "{markup}"
        );
        assert!(
            markup.ends_with(">hidden single</a> &lt;here&gt; &amp; there"),
            "{markup}"
        );
        let markup = linked_markup("X-Wing: the 3s of rows 1 and 4 (an X-Wing)", Some(Technique::XWing));
        assert!(markup.starts_with("<a href=\"nonet-help:techniques#fish\""), "{markup}");
        assert_eq!(markup.matches("</a>").count(), 1, "{markup}");
        // Without a technique, or one not named, the text is only escaped.
        assert_eq!(linked_markup("a < b", None), "a &lt; b");
        assert_eq!(linked_markup("r1c1 is 5.", Some(Technique::Swordfish)), "r1c1 is 5.");
    }

    #[test]
    fn a_long_message_is_wrapped_and_cut_for_its_tooltip() {
        let words = vec!["r1c2=3"; 60].join(" ");
        let text = format!("{words}\nshort\n{words}\n{words}\n{words}");
        let tooltip = tooltip_lines(&text);
        let lines: Vec<&str> = tooltip.lines().collect();
        assert_eq!(lines.len(), TOOLTIP_LINES);
        assert!(
            lines.iter().all(|l| l.chars().count() <= TOOLTIP_WIDTH + 1),
            "{tooltip}"
        );
        assert_eq!(lines[5], "short");
        assert!(lines[TOOLTIP_LINES - 1].ends_with('…'));
        // Nothing is lost but the cut: the words are the text's, in order.
        let words_of = |t: &str| {
            t.split_whitespace()
                .map(|w| w.trim_end_matches('…').to_string())
                .collect::<Vec<_>>()
        };
        let shown = words_of(&tooltip);
        assert_eq!(shown[..], words_of(&text)[..shown.len()]);
        assert_eq!(tooltip_lines("A short one."), "A short one.");
    }
}
