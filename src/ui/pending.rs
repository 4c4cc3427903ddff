//! The requests for a game under way (a file being read, a puzzle being checked or generated),
//! counted so the history, once open at start, can wait for them before it resumes or starts a
//! game of its own.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The count of requests under way, and who waits for it to fall to none.
#[derive(Default)]
pub(super) struct PendingGames {
    count: Cell<usize>,
    waiting: RefCell<Vec<async_channel::Sender<()>>>,
}

/// One request under way: it ends when this is dropped (its result handled, or the window gone).
pub(super) struct PendingGame(Rc<PendingGames>);

impl PendingGames {
    /// Counts a request in until the returned guard is dropped.
    pub fn begin(self: &Rc<Self>) -> PendingGame {
        self.count.set(self.count.get() + 1);
        PendingGame(self.clone())
    }

    /// Whether a request is under way.
    pub fn is_under_way(&self) -> bool {
        self.count.get() > 0
    }

    /// Waits until no request is under way (at once when none is).
    pub async fn none_left(self: Rc<Self>) {
        while self.count.get() > 0 {
            let (sender, receiver) = async_channel::bounded(1);
            self.waiting.borrow_mut().push(sender);
            // Woken when the count falls to none; a request begun meanwhile is waited for too.
            let _ = receiver.recv().await;
        }
    }
}

impl Drop for PendingGame {
    fn drop(&mut self) {
        let left = self.0.count.get() - 1;
        self.0.count.set(left);
        if left == 0 {
            for waiter in self.0.waiting.take() {
                let _ = waiter.try_send(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gtk::glib;

    /// Runs what is ready on the context, until nothing is.
    fn settle(context: &glib::MainContext) {
        while context.iteration(false) {}
    }

    /// The wait ends when the last request ends, not before; a request begun just as the count
    /// fell to none (before the waiter ran) is waited for too; with none under way the wait ends
    /// at once.
    #[test]
    fn the_wait_ends_when_the_last_request_ends() {
        let context = glib::MainContext::new();
        let _owner = context.acquire().expect("a fresh context");
        let pending = Rc::new(PendingGames::default());
        let (file, check) = (pending.begin(), pending.begin());
        let done = Rc::new(Cell::new(false));
        context.spawn_local({
            let (pending, done) = (pending.clone(), done.clone());
            async move {
                pending.none_left().await;
                done.set(true);
            }
        });
        settle(&context);
        assert!(!done.get() && pending.is_under_way());
        drop(file);
        settle(&context);
        assert!(!done.get(), "one request is still under way");
        drop(check);
        let next = pending.begin();
        settle(&context);
        assert!(!done.get(), "a request begun before the waiter ran is waited for");
        drop(next);
        settle(&context);
        assert!(done.get() && !pending.is_under_way());
        // None under way: at once.
        context.block_on(pending.clone().none_left());
    }
}
