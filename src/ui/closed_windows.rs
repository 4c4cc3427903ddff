//! For tests (with the state file on): the widgets of every window closed so far, watched by weak
//! references, so that the state file can say which of them are still alive. A closed window's
//! widgets must all be freed; a widget that a signal handler of another captures strongly keeps
//! both alive, and everything they hold (History's list with every row), for good.

use std::cell::RefCell;
use std::collections::BTreeMap;

use gtk::glib;
use gtk::prelude::*;

/// A widget of a closed window: the window's title and the widget's type, for the report.
struct Watched {
    window: String,
    kind: glib::GString,
    widget: glib::WeakRef<gtk::Widget>,
}

thread_local! {
    static CLOSED: RefCell<Vec<Watched>> = RefCell::default();
}

/// From now on, watches the widgets of every window but `main` once it is closed (unrealized,
/// which closing does while the window still holds its widgets).
pub fn watch(main: &gtk::Window) {
    let main = main.downgrade();
    gtk::Window::toplevels().connect_items_changed(move |model, position, _, added| {
        for window in (position..position + added).filter_map(|i| model.item(i).and_downcast::<gtk::Window>()) {
            if main.upgrade().as_ref() != Some(&window) {
                window.connect_unrealize(remember);
            }
        }
    });
}

/// Remembers a closing window's widgets, itself included.
fn remember(window: &gtk::Window) {
    let title = window.title().map(String::from).unwrap_or_default();
    CLOSED.with_borrow_mut(|closed| {
        let mut to_visit = vec![window.clone().upcast::<gtk::Widget>()];
        while let Some(widget) = to_visit.pop() {
            let mut child = widget.first_child();
            while let Some(one) = child {
                child = one.next_sibling();
                to_visit.push(one);
            }
            closed.push(Watched {
                window: title.clone(),
                kind: widget.type_().name().into(),
                widget: widget.downgrade(),
            });
        }
    });
}

/// The widgets of closed windows still alive on their own (with no parent: each holds what is
/// under it), as "window title: widget type" and how many.
pub fn alive() -> BTreeMap<String, usize> {
    CLOSED.with_borrow_mut(|closed| {
        let mut alone = BTreeMap::new();
        closed.retain(|watched| {
            let Some(widget) = watched.widget.upgrade() else {
                return false;
            };
            if widget.parent().is_none() {
                *alone
                    .entry(format!("{}: {}", watched.window, watched.kind))
                    .or_default() += 1;
            }
            true
        });
        alone
    })
}
